import { CERTIFICATE_KINDS, CERTIFICATES, PORTAL_CERTIFICATES } from '#domain/contracts/certificates.ts';
import { ROUTES } from '#domain/permissions.ts';
import { listKindSettings, saveKindSetting } from '#services/certificates/kind-settings.ts';
import { listSuppliers } from '#services/supplier-master/supplier-list.ts';
import { portalCertificates, renewalForStaff, supplierPage } from '#services/certificates/certificate-reads.ts';
import { submitRenewal } from '#services/certificates/renewal.ts';
import { requirePortalWriter } from '#services/supplier-change/access.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

/** Certificates of the supplier master and their renewals (domain/contracts/certificates.ts); who may is decided per supplier. */
export const certificateEndpoints = [
  implement(CERTIFICATES.supplierList, { permissions: [ROUTES.supplierList], handle: ({ deps, query, staff, locale }) => listSuppliers(deps.db, query, staff, locale) }),
  implement(CERTIFICATES.supplierPage, { handle: ({ deps, query, staff, locale }) => supplierPage(deps.db, query.supplierNo, staff, locale) }),
  implement(CERTIFICATES.renewal, { handle: ({ deps, query, staff, locale }) => renewalForStaff(deps.db, query.renewalNo, staff, locale) }),
  implement(CERTIFICATE_KINDS.list, { permissions: [ROUTES.scenarioConfig], handle: ({ deps, locale }) => listKindSettings(deps.db, locale) }),
  implement(CERTIFICATE_KINDS.save, {
    permissions: [ROUTES.scenarioConfig],
    async handle({ deps, body, staff, locale }) {
      await saveKindSetting(deps.db, body, staff);
      // The watch looks again now: a shorter grace may have made a requalification due today.
      await deps.certificates.certificatesChanged();
      return messageOf('saved', locale);
    },
  }),
  implement(PORTAL_CERTIFICATES.list, { handle: ({ deps, portal, locale }) => portalCertificates(deps.db, portal, locale) }),
  implement(PORTAL_CERTIFICATES.renew, {
    async handle({ deps, body, portal, locale }) {
      requirePortalWriter(portal);
      const { renewalNo } = await submitRenewal(deps, portal, body);
      return { renewalNo, ...messageOf('submitted', locale) };
    },
  }),
];
