import { approvalApproveRequest, approvalCard, approvalRef, approvalRejectRequest } from '../approvals/card.ts';
import { messageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * The one approval card and its decision pair, for every kind the approval engine runs. The areas' own decision
 * calls of the requirements (exit audit-pass, change approve, …) stay and decide through the same service.
 */
const tag = 'approvals';

export const APPROVALS = {
  card: contract({
    method: 'get',
    path: '/api/v1/approvals/card',
    summary: 'An approval as its card shows it: every step, who decided what and why, whether the reader decides now (those who may read what it approves)',
    tag,
    auth: 'staff',
    query: approvalRef,
    response: approvalCard,
  }),
  approve: contract({
    method: 'post',
    path: '/api/v1/approvals/approve',
    summary: "Approve an approval's open step (its approver, or an administrator where the kind allows; never the submitter)",
    tag,
    auth: 'staff',
    body: approvalApproveRequest,
    response: messageAnswer,
  }),
  reject: contract({
    method: 'post',
    path: '/api/v1/approvals/reject',
    summary: "Reject an approval's open step with a reason (as approve)",
    tag,
    auth: 'staff',
    body: approvalRejectRequest,
    response: messageAnswer,
  }),
};
