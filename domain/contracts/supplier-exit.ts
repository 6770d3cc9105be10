import { z } from 'zod';
import {
  exitCertFlowRow,
  exitDecisionRequest,
  exitDetail,
  exitFlowNoQuery,
  exitHistoryQuery,
  exitHistoryRow,
  exitPageRequest,
  exitRejectRequest,
  exitRow,
  exitSaveRequest,
  exitSubmitRequest,
  exitSupplierNoQuery,
} from '../supplier-exit/exit.ts';
import { messageAnswer, pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/** Supplier exit (req exit §2.3, §7.2): list, detail, the supplier's flows and exit history, save, submit, terminate, delete a draft, decide. */
const tag = 'supplier exit';
const saved = messageAnswer.extend({ flowNo: z.string() });

export const EXIT = {
  page: contract({
    method: 'post',
    path: '/v1/supplier-exit/page',
    summary: 'Exit applications, newest first (drafts only to their sponsor)',
    tag,
    auth: 'staff',
    body: exitPageRequest,
    response: pageAnswer(exitRow),
  }),
  detail: contract({
    method: 'get',
    path: '/v1/supplier-exit/detail',
    summary: 'One exit application, with what the caller may do',
    tag,
    auth: 'staff',
    query: exitFlowNoQuery,
    response: exitDetail,
  }),
  certFlows: contract({
    method: 'get',
    path: '/v1/supplier-exit/cert-flow',
    summary: "The supplier's certification flows, the running ones first",
    tag,
    auth: 'staff',
    query: exitSupplierNoQuery,
    response: z.array(exitCertFlowRow),
  }),
  history: contract({
    method: 'get',
    path: '/v1/supplier-exit/history',
    summary: "The supplier's exit history (req flow §3.19)",
    tag,
    auth: 'staff',
    query: exitHistoryQuery,
    response: z.array(exitHistoryRow),
  }),
  save: contract({
    method: 'post',
    path: '/v1/supplier-exit/save',
    summary: 'Save an exit as a draft (a new one, or the sponsor’s draft)',
    tag,
    auth: 'staff',
    body: exitSaveRequest,
    response: saved,
  }),
  submit: contract({
    method: 'post',
    path: '/v1/supplier-exit/submit',
    summary: 'Submit an exit for approval (starts its workflow)',
    tag,
    auth: 'staff',
    body: exitSubmitRequest,
    response: saved,
  }),
  // The requirements list a GET; it ends the exit, so it is a POST (a GET answers 405, as other former GET writes).
  terminate: contract({
    method: 'post',
    path: '/v1/supplier-exit/termination',
    summary: 'Terminate an exit that is not decided (its sponsor or an administrator)',
    tag,
    auth: 'staff',
    body: exitFlowNoQuery,
    response: messageAnswer,
  }),
  remove: contract({
    method: 'post',
    path: '/v1/supplier-exit/delete',
    summary: 'Delete a draft exit (its sponsor)',
    tag,
    auth: 'staff',
    body: exitFlowNoQuery,
    response: messageAnswer,
  }),
  approve: contract({
    method: 'post',
    path: '/v1/supplier-exit/audit-pass',
    summary: 'Approve an exit (its approver or an administrator)',
    tag,
    auth: 'staff',
    body: exitDecisionRequest,
    response: messageAnswer,
  }),
  reject: contract({
    method: 'post',
    path: '/v1/supplier-exit/audit-reject',
    summary: 'Reject an exit with a reason (its approver or an administrator)',
    tag,
    auth: 'staff',
    body: exitRejectRequest,
    response: messageAnswer,
  }),
};
