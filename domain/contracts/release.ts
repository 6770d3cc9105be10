import { z } from 'zod';
import { flowNoQuery } from '../cert-flow/flow-no.ts';
import { bankOption, bankSearchQuery, companyOption, companySearchQuery, headBankOption, purchaseOrgOption, purchaseOrgSearchQuery } from '../release/release-lookups.ts';
import {
  releaseDetail,
  releaseFlowQuery,
  releaseFormDetail,
  releaseSaved,
  releaseSaveRequest,
  releaseTaskDetail,
  sapSupplierInfo,
  supplierCodeInfo,
  switchSupplierCodeRequest,
} from '../release/release-requests.ts';
import { messageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * The supplier-code application and the release form (req flow §3.14–§3.16, §4.5, §7.8, §7.9), paths as the requirements
 * lists them; init is a POST (it changes state) and the code switch has a path of ours (docs/decisions/0021-release-form-and-supplier-code.md); the release form's look-ups.
 */
const tag = 'supplier code and release';
const read = <P extends string, S extends string>(path: P, summary: S) => ({ method: 'get', path, summary, tag, auth: 'staff', query: releaseFlowQuery }) as const;
const write = <P extends string, S extends string>(path: P, summary: S) => ({ method: 'post', path, summary, tag, auth: 'staff' }) as const;

export const RELEASE = {
  codeInfo: contract({
    ...read('/v1/supplier-assessment/get_supplier-code-info', 'Supplier-code application status and whether a code may be applied for now'),
    response: supplierCodeInfo,
  }),
  apply: contract({
    ...write('/v1/supplier-assessment/init_supplier-pre-release', 'Apply for a supplier code: creates the release form prefilled from the questionnaire (idempotent)'),
    body: flowNoQuery,
    response: releaseDetail,
  }),
  detail: contract({
    ...read('/v1/supplier-assessment/get_supplier-pre-release', 'The release detail: status, supplier code and its source, approval remark, ERP result'),
    response: releaseDetail,
  }),
  form: contract({ ...read('/v1/supplier-release/get-supplier-info', 'The release form with its version and the rules that depend on the flow'), response: releaseFormDetail }),
  save: contract({
    ...write('/v1/supplier-release/save-supplier-info', 'Save the release form (status saved; 409 when read-only or saved elsewhere since read)'),
    body: releaseSaveRequest,
    response: releaseSaved,
  }),
  submit: contract({ ...write('/v1/supplier-release/submit', 'Check every rule, save, and submit the release form for approval'), body: releaseSaveRequest, response: releaseSaved }),
  taskDetail: contract({
    ...read(
      '/v1/supplier-release/task-detail',
      'The node the release form is written at, its principal, the release detail, and what this user may do (confirm at RELEASE)',
    ),
    response: releaseTaskDetail,
  }),
  sapSupplier: contract({
    ...read('/v1/supplier-release/get-sap-supplier-info', 'The vendor the ERP already has for the flow’s credit code, or null (cached 60 s)'),
    response: sapSupplierInfo.nullable(),
  }),
  switchCode: contract({
    ...write('/v1/supplier-release/switch-supplier-code', 'Take over the existing ERP vendor’s code (needs confirmOverwrite: true)'),
    body: switchSupplierCodeRequest,
    response: releaseSaved,
  }),
  confirm: contract({
    ...write('/v1/supplier-release/confirm', 'Confirm the release at RELEASE once the supplier code is obtained (409 before); completes the node'),
    body: flowNoQuery,
    response: messageAnswer,
  }),
  // Look-ups of the release form (req flow §7.9), cached 60 s. The banks also serve the supplier portal's
  // information change (a supplier adds its bank accounts there).
  headBanks: contract({ method: 'get', path: '/common/v1/all-head-bank', summary: 'Head banks', tag: 'reference', auth: 'any', response: z.array(headBankOption) }),
  banks: contract({
    method: 'get',
    path: '/common/v1/search-bank',
    summary: 'Bank branches by keyword, of one head bank if named',
    tag: 'reference',
    auth: 'any',
    query: bankSearchQuery,
    response: z.array(bankOption),
  }),
  companies: contract({
    method: 'get',
    path: '/v1/company/search-by-zh',
    summary: 'Company codes by name or code',
    tag: 'reference',
    auth: 'staff',
    query: companySearchQuery,
    response: z.array(companyOption),
  }),
  purchaseOrgs: contract({
    method: 'get',
    path: '/v1/purchase-group/search-by-zh',
    summary: 'Purchasing organisations by name or code, of the given company codes if named',
    tag: 'reference',
    auth: 'staff',
    query: purchaseOrgSearchQuery,
    response: z.array(purchaseOrgOption),
  }),
};
