import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import {
  exitDecisionRequest,
  exitFlowNoQuery,
  exitHistoryQuery,
  exitPageRequest,
  exitRejectRequest,
  exitSaveRequest,
  exitSubmitRequest,
  exitSupplierNoQuery,
} from '#domain/supplier-exit/exit.ts';
import { decideExit, deleteDraft, terminateExit } from '#services/supplier-exit/decide.ts';
import { exitCertFlows, exitDetail, exitHistory, exitPage } from '#services/supplier-exit/read.ts';
import { saveExit, submitExit } from '#services/supplier-exit/save.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';

const tag = 'supplier exit';
/** Who reads exits: the exit screens' route key (purchasing managers, CMT leaders, administrators). */
const READ = [ROUTES.supplierExit];
/** Who starts exits. */
const APPLY = [PERMISSIONS.supplierExitApply];

/** Supplier exit (spec 3 §2.3, §7.2): list, detail, the supplier's flows and exit history, save, submit, terminate, delete a draft, decide. */
export const exitEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-exit/page',
    summary: 'Exit applications, newest first (drafts only to their sponsor)',
    tag,
    auth: 'staff',
    permissions: READ,
    body: exitPageRequest,
    handle: ({ deps, body, staff, locale }) => exitPage(deps.db, body, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-exit/detail',
    summary: 'One exit application, with what the caller may do',
    tag,
    auth: 'staff',
    permissions: READ,
    query: exitFlowNoQuery,
    handle: ({ deps, query, staff, locale }) => exitDetail(deps.db, query.flowNo, staff, locale),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-exit/cert-flow',
    summary: "The supplier's certification flows, the running ones first",
    tag,
    auth: 'staff',
    permissions: READ,
    query: exitSupplierNoQuery,
    handle: ({ deps, query }) => exitCertFlows(deps.db, query.supplierNo),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-exit/history',
    summary: "The supplier's exit history (spec 2 §3.19)",
    tag,
    auth: 'staff',
    // Also shown beside the supplier's categories in the expand drawer.
    permissions: [...READ, PERMISSIONS.expandApplyRfi],
    query: exitHistoryQuery,
    handle: ({ deps, query, locale }) => exitHistory(deps.db, query.supplier, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-exit/save',
    summary: 'Save an exit as a draft (a new one, or the sponsor’s draft)',
    tag,
    auth: 'staff',
    permissions: APPLY,
    body: exitSaveRequest,
    async handle({ deps, body, staff, locale }) {
      const { flowNo } = await saveExit(deps, body, staff, locale);
      return { flowNo, ...messageOf('saved', locale) };
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-exit/submit',
    summary: 'Submit an exit for approval (starts its workflow)',
    tag,
    auth: 'staff',
    permissions: APPLY,
    body: exitSubmitRequest,
    async handle({ deps, body, staff, locale }) {
      const { flowNo } = await submitExit(deps, body, staff, locale);
      return { flowNo, ...messageOf('submitted', locale) };
    },
  }),
  defineEndpoint({
    // The spec lists a GET; it ends the exit, so it is a POST (a GET answers 405, as other former GET writes).
    method: 'post',
    path: '/v1/supplier-exit/termination',
    summary: 'Terminate an exit that is not decided (its sponsor or an administrator)',
    tag,
    auth: 'staff',
    permissions: [...APPLY, PERMISSIONS.certProcessManageAll],
    body: exitFlowNoQuery,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await terminateExit(deps, body.flowNo, staff);
      return messageOf('exitTerminated', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-exit/delete',
    summary: 'Delete a draft exit (its sponsor)',
    tag,
    auth: 'staff',
    permissions: APPLY,
    body: exitFlowNoQuery,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await deleteDraft(deps.db, body.flowNo, staff);
      return messageOf('exitDraftDeleted', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-exit/audit-pass',
    summary: 'Approve an exit (its approver or an administrator)',
    tag,
    auth: 'staff',
    permissions: READ,
    body: exitDecisionRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await decideExit(deps, { flowNo: body.flowNo, decision: 'pass', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-exit/audit-reject',
    summary: 'Reject an exit with a reason (its approver or an administrator)',
    tag,
    auth: 'staff',
    permissions: READ,
    body: exitRejectRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await decideExit(deps, { flowNo: body.flowNo, decision: 'reject', reason: body.reason }, staff);
      return messageOf('operationSuccess', locale);
    },
  }),
];
