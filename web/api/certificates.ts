import { queryOptions } from '@tanstack/react-query';
import type { RenewalRequest } from '#domain/certificates/certificate.ts';
import type { CertificateKindSetting } from '#domain/certificates/kind-setting.ts';
import type { SupplierListQuery } from '#domain/certificates/certificate.ts';
import { CERTIFICATE_KINDS, CERTIFICATES, PORTAL_CERTIFICATES } from '#domain/contracts/certificates.ts';
import { call } from './call.ts';

/** The supplier master's certificates and their renewals (domain/contracts/certificates.ts). */
export const certificateKeys = {
  all: ['certificates'] as const,
  supplier: (supplierNo: string) => [...certificateKeys.all, 'supplier', supplierNo] as const,
  renewal: (renewalNo: string) => [...certificateKeys.all, 'renewal', renewalNo] as const,
  portal: () => [...certificateKeys.all, 'portal'] as const,
  kinds: () => [...certificateKeys.all, 'kinds'] as const,
};

export const supplierPageQuery = (supplierNo: string, locale: string) =>
  queryOptions({
    queryKey: [...certificateKeys.supplier(supplierNo), locale],
    queryFn: ({ signal }) => call(CERTIFICATES.supplierPage, { query: { supplierNo } }, { signal }),
    enabled: Boolean(supplierNo),
  });

export const renewalQuery = (renewalNo: string, locale: string) =>
  queryOptions({
    queryKey: [...certificateKeys.renewal(renewalNo), locale],
    queryFn: ({ signal }) => call(CERTIFICATES.renewal, { query: { renewalNo } }, { signal }),
    enabled: Boolean(renewalNo),
  });

export const portalCertificatesQuery = (locale: string) =>
  queryOptions({
    queryKey: [...certificateKeys.portal(), locale],
    queryFn: ({ signal }) => call(PORTAL_CERTIFICATES.list, {}, { signal, portal: true }),
  });

/** Field errors come back on the ApiError; the form shows them. */
export const submitRenewal = (body: RenewalRequest) => call(PORTAL_CERTIFICATES.renew, { body }, { portal: true, handleErrors: true });

export const certificateKindsQuery = (locale: string) =>
  queryOptions({
    queryKey: [...certificateKeys.kinds(), locale],
    queryFn: ({ signal }) => call(CERTIFICATE_KINDS.list, {}, { signal }),
  });

export const saveCertificateKind = (body: CertificateKindSetting) => call(CERTIFICATE_KINDS.save, { body }, { handleErrors: true });

export const supplierListQuery = (search: SupplierListQuery, locale: string) =>
  queryOptions({
    queryKey: [...certificateKeys.all, 'suppliers', search, locale],
    queryFn: ({ signal }) => call(CERTIFICATES.supplierList, { query: search }, { signal }),
  });
