import { z } from 'zod';
import { expandApplySchema, registerApplySchema } from '../cert-flow/apply.ts';
import { duplicateCheck, duplicateCheckQuery } from '../cert-flow/duplicates.ts';
import { flowContact, flowDetail, myOpenTask } from '../cert-flow/flow-detail.ts';
import { flowExportQuery, flowListQuery, flowListRow } from '../cert-flow/flow-list.ts';
import { flowNoQuery } from '../cert-flow/flow-no.ts';
import { flowNodeRequest } from '../cert-flow/node-requests.ts';
import { adjustOwnerRequest, roleDetailRow } from '../cert-flow/owners.ts';
import { fileAnswer, messageAnswer, pageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/**
 * Certification flows as a whole (req flow §2.1, §2.3, §7.1): apply, the list, the progress page, the contact, row
 * actions, an optional node's completion, and the dashboard's open tasks. The requirements’ own names of the list and the
 * detail (`/v1/register/page`, `/v1/register/detail`) answer as their twins.
 */
const tag = 'certification flow';
const created = z.object({ flowNo: z.string() });
const list = { summary: 'Flow management list', tag, auth: 'staff', body: flowListQuery, response: pageAnswer(flowListRow) } as const;

export const FLOWS = {
  create: contract({ method: 'post', path: '/v1/cert-flow-node/create', summary: 'New registration application', tag, auth: 'staff', body: registerApplySchema, response: created }),
  duplicates: contract({
    method: 'get',
    path: '/api/v1/cert-flow/duplicates',
    summary: 'Suppliers (admitted or exited) and running flows sharing a new registration’s credit code or name, and whether they refuse it or ask a reason',
    tag,
    auth: 'staff',
    query: duplicateCheckQuery,
    response: duplicateCheck,
  }),
  expand: contract({ method: 'post', path: '/v1/cert-flow-node/expand', summary: "Expand an accepted supplier's categories", tag, auth: 'staff', body: expandApplySchema, response: created }),
  list: contract({ method: 'post', path: '/v1/cert-flow-node/flow-list', ...list }),
  export: contract({
    method: 'post',
    path: '/api/v1/flows/export',
    summary: 'The flow list with its filters as an .xlsx workbook, every column as the list shows it (at most 5,000 rows)',
    tag,
    auth: 'staff',
    body: flowExportQuery,
    response: fileAnswer,
  }),
  registerPage: contract({ method: 'post', path: '/v1/register/page', ...list, summary: 'Flow management list (the requirements’ name of POST /v1/cert-flow-node/flow-list)' }),
  detail: contract({
    method: 'get',
    path: '/v1/cert-flow-node/detail',
    summary: 'A flow with its stages, nodes, tasks and masked contact',
    tag,
    auth: 'staff',
    query: flowNoQuery,
    response: flowDetail,
  }),
  registerDetail: contract({
    method: 'post',
    path: '/v1/register/detail',
    summary: 'A flow with its stages, nodes, tasks and masked contact (the requirements’ name of GET /v1/cert-flow-node/detail)',
    tag,
    auth: 'staff',
    body: flowNoQuery,
    response: flowDetail,
  }),
  contactReveal: contract({
    method: 'post',
    path: '/v1/cert-flow-node/contact-reveal',
    summary: 'The supplier contact in clear (purchasing manager, CMT leader, administrators; logged)',
    tag,
    auth: 'staff',
    body: flowNoQuery,
    response: flowContact,
  }),
  myTasks: contract({ method: 'get', path: '/v1/cert-flow-node/my-tasks', summary: 'Open tasks of the signed-in staff member', tag, auth: 'staff', response: z.array(myOpenTask) }),
  terminate: contract({ method: 'post', path: '/v1/register/termination', summary: 'Terminate a flow (at RFI or APTITUDE)', tag, auth: 'staff', body: flowNoQuery, response: messageAnswer }),
  roles: contract({
    method: 'get',
    path: '/v1/register/role/detail',
    summary: 'Who holds each responsibility, and what this user may change',
    tag,
    auth: 'staff',
    query: flowNoQuery,
    response: z.array(roleDetailRow),
  }),
  adjustOwner: contract({
    method: 'post',
    path: '/v1/register/adjust',
    summary: 'Adjust the purchasing manager and CMT leader',
    tag,
    auth: 'staff',
    body: adjustOwnerRequest,
    response: messageAnswer,
  }),
  completeOptional: contract({
    method: 'post',
    path: '/v1/cert-flow-node/complete-optional',
    summary: 'Complete an optional node directly (its principal only)',
    tag,
    auth: 'staff',
    body: flowNodeRequest,
    response: messageAnswer,
  }),
};
