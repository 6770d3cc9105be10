import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { bankSearchQuery, companySearchQuery, purchaseOrgSearchQuery } from '#domain/release/release-lookups.ts';
import { releaseFlowQuery, releaseSaveRequest, switchSupplierCodeRequest } from '#domain/release/release-requests.ts';
import { ServiceError } from '#domain/errors.ts';
import { confirmRelease } from '#services/release/confirm-release.ts';
import { releaseFormDetail, saveReleaseForm, submitReleaseForm } from '#services/release/release-form.ts';
import { allHeadBanks, searchBanks, searchCompanies, searchPurchaseOrgs } from '#services/release/release-lookups.ts';
import { releaseWriteNode } from '#services/release/release-row.ts';
import { sapSupplierInfo, switchSupplierCode } from '#services/release/sap-supplier.ts';
import { applyForSupplierCode, releaseDetail, releaseTaskDetail, supplierCodeInfo } from '#services/release/supplier-code.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';
import { serverMessage } from '../http/server-messages.ts';

const tag = 'supplier code and release';

/** Writes go to the KCP2 node while it runs (the PRERELEASE view), to RELEASE once that node is open. */
const node = ({ flowNo }: { flowNo: string }, db: Parameters<typeof releaseWriteNode>[0]) => releaseWriteNode(db, flowNo);

const read = { auth: 'staff' as const, permissions: [ROUTES.certFlowDetail], tag, query: releaseFlowQuery };

const savedResponse = z.object({ message: z.string(), status: z.number(), version: z.number() });

/**
 * The supplier-code application and the release form (spec 2 §3.14–§3.16, §4.5, §7.8, §7.9), paths as
 * the spec lists them; init is a POST (it changes state) and the code switch has a path of ours
 * (docs/decisions.md "Release form and supplier code").
 */
export const releaseEndpoints = [
  defineEndpoint({
    ...read,
    method: 'get',
    path: '/v1/supplier-assessment/get_supplier-code-info',
    summary: 'Supplier-code application status and whether a code may be applied for now',
    handle: ({ deps, query, staff }) => supplierCodeInfo(deps.db, query.flowNo, staff),
  }),
  defineNodeWrite({
    path: '/v1/supplier-assessment/init_supplier-pre-release',
    summary: 'Apply for a supplier code: creates the release form prefilled from the questionnaire (idempotent)',
    tag,
    node,
    handle: ({ deps, node, staff, locale }) => applyForSupplierCode(deps.db, node, staff, locale),
  }),
  defineEndpoint({
    ...read,
    method: 'get',
    path: '/v1/supplier-assessment/get_supplier-pre-release',
    summary: 'The release detail: status, supplier code and its source, approval remark, ERP result',
    handle: ({ deps, query, staff, locale }) => releaseDetail(deps.db, query.flowNo, staff, locale),
  }),
  defineEndpoint({
    ...read,
    method: 'get',
    path: '/v1/supplier-release/get-supplier-info',
    summary: 'The release form with its version and the rules that depend on the flow',
    handle: ({ deps, query, staff, locale }) => releaseFormDetail(deps.db, query.flowNo, staff, locale),
  }),
  defineNodeWrite({
    path: '/v1/supplier-release/save-supplier-info',
    summary: 'Save the release form (status saved; 409 when read-only or saved elsewhere since read)',
    tag,
    node,
    body: releaseSaveRequest,
    response: savedResponse,
    async handle({ deps, node, body, staff, locale }) {
      return { ...messageOf('saved', locale), ...(await saveReleaseForm(deps.db, node, body, staff)) };
    },
  }),
  defineNodeWrite({
    path: '/v1/supplier-release/submit',
    pending: true,
    summary: 'Check every rule, save, and submit the release form for approval',
    tag,
    node,
    body: releaseSaveRequest,
    response: savedResponse,
    async handle({ deps, node, body, staff, locale }) {
      try {
        return { ...messageOf('submitted', locale), ...(await submitReleaseForm(deps, node, body, staff)) };
      } catch (err) {
        throw withTranslatedMessageList(err, locale);
      }
    },
  }),
  defineEndpoint({
    ...read,
    method: 'get',
    path: '/v1/supplier-release/task-detail',
    summary: 'The node the release form is written at, its principal, the release detail, and what this user may do (confirm at RELEASE)',
    handle: ({ deps, query, staff, locale }) => releaseTaskDetail(deps.db, query.flowNo, staff, locale),
  }),
  defineEndpoint({
    ...read,
    method: 'get',
    path: '/v1/supplier-release/get-sap-supplier-info',
    summary: 'The vendor the ERP already has for the flow’s credit code, or null (cached 60 s)',
    handle: ({ deps, query }) => sapSupplierInfo(deps, query.flowNo),
  }),
  defineNodeWrite({
    path: '/v1/supplier-release/switch-supplier-code',
    summary: 'Take over the existing ERP vendor’s code (needs confirmOverwrite: true)',
    tag,
    node,
    body: switchSupplierCodeRequest,
    response: savedResponse,
    async handle({ deps, node, body, staff, locale }) {
      return { ...messageOf('operationSuccess', locale), ...(await switchSupplierCode(deps, node, body, staff)) };
    },
  }),
  defineNodeWrite({
    path: '/v1/supplier-release/confirm',
    summary: 'Confirm the release at RELEASE once the supplier code is obtained (409 before); completes the node',
    tag,
    node: 'RELEASE',
    completes: (locale) => messageOf('operationSuccess', locale),
    async handle({ deps, node, staff }) {
      await confirmRelease(deps, node, staff);
    },
  }),

  // Look-ups of the release form (spec 2 §7.9), cached 60 s. The banks also serve the supplier portal's
  // information change (a supplier adds its bank accounts there).
  defineEndpoint({ method: 'get', path: '/common/v1/all-head-bank', summary: 'Head banks', tag: 'reference', auth: 'any', handle: ({ deps, locale }) => allHeadBanks(deps.db, locale) }),
  defineEndpoint({
    method: 'get',
    path: '/common/v1/search-bank',
    summary: 'Bank branches by keyword, of one head bank if named',
    tag: 'reference',
    auth: 'any',
    query: bankSearchQuery,
    handle: ({ deps, query, locale }) => searchBanks(deps.db, query, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/company/search-by-zh',
    summary: 'Company codes by name or code',
    tag: 'reference',
    auth: 'staff',
    query: companySearchQuery,
    handle: ({ deps, query, locale }) => searchCompanies(deps.db, query.keyword, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/purchase-group/search-by-zh',
    summary: 'Purchasing organisations by name or code, of the given company codes if named',
    tag: 'reference',
    auth: 'staff',
    query: purchaseOrgSearchQuery,
    handle: ({ deps, query, locale }) => searchPurchaseOrgs(deps.db, query, locale),
  }),
];

/** A refused submit lists its form-wide messages (spec 2 §4.5 messageList) in the caller's language. */
function withTranslatedMessageList(err: unknown, locale: Parameters<typeof serverMessage>[1]): unknown {
  if (!(err instanceof ServiceError) || err.message !== 'releaseFormInvalid') return err;
  const ids = (err.data as { messageList?: string[] } | undefined)?.messageList ?? [];
  return new ServiceError(err.kind, err.message, err.errors, { messageList: ids.map((id) => serverMessage(id, locale)) });
}
