import { queryOptions } from '@tanstack/react-query';
import type { ReleaseFormValues } from '#domain/release/release-form.ts';
import { RELEASE } from '#domain/contracts/release.ts';
import { call } from './call.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';

/**
 * The supplier-code application and the release form (req flow §3.14–§3.16, §4.5, §7.8, §7.9). The
 * form is one per flow, written at KCP2 (shown as PRERELEASE) and later at RELEASE, so every read
 * sits under the RELEASE node's key: a write there refreshes both views.
 */
export const releaseKeys = {
  of: (flowNo: string) => flowDetailKeys.node(flowNo, 'RELEASE'),
  codeInfo: (flowNo: string) => [...releaseKeys.of(flowNo), 'code-info'] as const,
  form: (flowNo: string, locale: string) => [...releaseKeys.of(flowNo), 'form', locale] as const,
  sapVendor: (flowNo: string) => [...releaseKeys.of(flowNo), 'sap-vendor'] as const,
  task: (flowNo: string, locale: string) => [...releaseKeys.of(flowNo), 'task', locale] as const,
};

/** Req flow §9: the release detail and the ERP vendor look-up may take up to 60 s. */
export const RELEASE_TIMEOUT_MS = 60_000;

/** Req flow §3.14: where the supplier-code application stands (NOTSTART until applied for). */
export const supplierCodeInfoQuery = (flowNo: string) =>
  queryOptions({
    queryKey: releaseKeys.codeInfo(flowNo),
    // Only decides whether the page shows PRERELEASE: a failure stays quiet.
    queryFn: ({ signal }) => call(RELEASE.codeInfo, { query: { flowNo } }, { signal, handleErrors: true }),
    staleTime: 0,
    retry: false,
  });

// The status moves in the approval and the ERP step, outside this browser: read afresh when shown.
export const releaseFormQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: releaseKeys.form(flowNo, locale),
    queryFn: ({ signal }) => call(RELEASE.form, { query: { flowNo } }, { signal, handleErrors: true, timeoutMs: RELEASE_TIMEOUT_MS }),
    staleTime: 0,
    // Not on focus: a newer version would replace unsaved input; a save with the old one answers 409.
    refetchOnWindowFocus: false,
    retry: false,
  });

/** Req flow §3.15, §7.9 task-detail: the node the form is written at, the release detail, and whether RELEASE awaits confirmation. */
export const releaseTaskQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: releaseKeys.task(flowNo, locale),
    queryFn: ({ signal }) => call(RELEASE.taskDetail, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

/** Req flow §7.9: the vendor the ERP already has for the flow's credit code (null when none); cached 60 s. */
export const sapVendorQuery = (flowNo: string) =>
  queryOptions({
    queryKey: releaseKeys.sapVendor(flowNo),
    queryFn: ({ signal }) => call(RELEASE.sapSupplier, { query: { flowNo } }, { signal, handleErrors: true, timeoutMs: RELEASE_TIMEOUT_MS }),
    staleTime: 60_000,
    retry: false,
  });

export interface ReleaseWrite {
  flowNo: string;
  version: number;
  form: ReleaseFormValues;
}

// Field errors, stale versions and refusals show on the form: the writes handle their own errors.
export const saveRelease = (input: ReleaseWrite) => call(RELEASE.save, { body: input }, { handleErrors: true });
/** Submit checks every rule, saves and asks for the approval; a refusal lists `data.messageList`. */
export const submitRelease = (input: ReleaseWrite) =>
  call(RELEASE.submit, { body: input }, { handleErrors: true, timeoutMs: RELEASE_TIMEOUT_MS });
export const switchSupplierCode = (input: { flowNo: string; version: number; supplierCode: string }) =>
  call(RELEASE.switchCode, { body: { ...input, confirmOverwrite: true } }, { handleErrors: true });
/** Req flow §2.6: RELEASE completes on its principal's confirmation when the code came from KCP2. */
export const confirmRelease = (flowNo: string) => call(RELEASE.confirm, { body: { flowNo } }, { handleErrors: true });

/** The messageList of a refused submit (req flow §4.5), empty when the refusal has none. */
export function refusalMessages(data: unknown): string[] {
  const list = (data as { messageList?: unknown } | null | undefined)?.messageList;
  return Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string' && m.length > 0) : [];
}

// Look-ups of the form (req flow §7.9): reference data that changes rarely, cached 60 s (req flow §9). The
// answers' shapes are the server's (domain/release/release-lookups.ts).

const LOOKUP_STALE_MS = 60_000;
const lookupKeys = {
  all: ['release-lookup'] as const,
  headBanks: (locale: string) => [...lookupKeys.all, 'head-bank', locale] as const,
  banks: (bankHeadCode: string, keyword: string, locale: string) => [...lookupKeys.all, 'bank', bankHeadCode, keyword, locale] as const,
  codes: (kind: CodeLookup, keyword: string, scope: string, locale: string) => [...lookupKeys.all, kind, keyword, scope, locale] as const,
};

/** A company code or a purchasing organisation, as the selects show it. */
export interface CodeOption {
  code: string;
  name: string;
}

/** `auth`: a supplier portal account looks banks up too (it adds its own accounts). */
export const headBanksQuery = (locale: string, auth: { portal?: boolean } = {}) =>
  queryOptions({
    queryKey: lookupKeys.headBanks(locale),
    queryFn: ({ signal }) => call(RELEASE.headBanks, {}, { signal, portal: auth.portal }),
    staleTime: LOOKUP_STALE_MS,
  });

export const bankSearchQuery = (bankHeadCode: string, keyword: string, locale: string, auth: { portal?: boolean } = {}) =>
  queryOptions({
    queryKey: lookupKeys.banks(bankHeadCode, keyword, locale),
    queryFn: ({ signal }) => call(RELEASE.banks, { query: { bankHeadCode, keyword } }, { signal, portal: auth.portal }),
    staleTime: LOOKUP_STALE_MS,
  });

/** Company codes and purchasing organisations, searched by name or code. */
export type CodeLookup = 'company' | 'purchase-group';


/** `companyCodes` narrows the purchasing organisations to those buying for these companies. */
export const codeSearchQuery = (kind: CodeLookup, keyword: string, locale: string, companyCodes: readonly string[] = []) =>
  queryOptions({
    queryKey: lookupKeys.codes(kind, keyword, companyCodes.join(','), locale),
    queryFn: async ({ signal }): Promise<CodeOption[]> => {
      if (kind === 'company') {
        const rows = await call(RELEASE.companies, { query: { keyword } }, { signal });
        return rows.map((r) => ({ code: r.companyCode, name: r.companyName }));
      }
      const rows = await call(RELEASE.purchaseOrgs, { query: { keyword, companyCodes: companyCodes.join(',') } }, { signal });
      return rows.map((r) => ({ code: r.purOrgCode, name: r.purOrgDesc }));
    },
    staleTime: LOOKUP_STALE_MS,
  });
