import { CERTIFICATES, PORTAL_CERTIFICATES } from '#domain/contracts/certificates.ts';
import { portalCertificates, renewalForStaff, supplierPage } from '#services/certificates/certificate-reads.ts';
import { submitRenewal } from '#services/certificates/renewal.ts';
import { requirePortalWriter } from '#services/supplier-change/access.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Certificates of the supplier master and their renewals (domain/contracts/certificates.ts); who may is decided per supplier. */
export const certificateEndpoints = [
  implement(CERTIFICATES.supplierPage, { handle: ({ deps, query, staff, locale }) => supplierPage(deps.db, query.supplierNo, staff, locale) }),
  implement(CERTIFICATES.renewal, { handle: ({ deps, query, staff, locale }) => renewalForStaff(deps.db, query.renewalNo, staff, locale) }),
  implement(PORTAL_CERTIFICATES.list, { handle: ({ deps, portal, locale }) => portalCertificates(deps.db, portal, locale) }),
  implement(PORTAL_CERTIFICATES.renew, {
    async handle({ deps, body, portal, locale }) {
      requirePortalWriter(portal);
      const { renewalNo } = await submitRenewal(deps, portal, body);
      return { renewalNo, ...messageOf('submitted', locale) };
    },
  }),
];
