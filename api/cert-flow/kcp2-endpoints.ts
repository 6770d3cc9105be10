import { ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import { kcp2CompleteRequest, kcp2SaveRequest } from '#domain/cert-flow/nodes/kcp2.ts';
import { finishTodoRequest } from '#domain/cert-flow/todos.ts';
import { completeKcp2, kcp2Detail, saveKcp2 } from '#services/cert-flow/nodes/kcp2.ts';
import { finishTodo } from '#services/cert-flow/todos.ts';
import type { AppDeps } from '../deps.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { messageOf, messageResponse } from '../http/envelope.ts';
import { defineNodeWrite } from '../http/node-write.ts';

const tag = 'certification nodes';

export const evaluationDeps = (deps: AppDeps) => ({ db: deps.db, flows: deps.flows, mailer: deps.mailer, publicUrl: deps.config.publicUrl });

/**
 * The second-stage meeting conclusion (spec 2 §7.7: task-detail and complete; save and finish-todo
 * are ours, docs/decisions.md). Writes need the KCP2 principal while KCP2 is in progress; a to-do is
 * marked done by its own principal.
 */
export const kcp2Endpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/supplier-assessment/task-detail',
    summary: 'KCP2: conclusion, attachments, to-dos, the high-potential and supplier-code states, and what this user may do',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, staff, locale }) => kcp2Detail(deps.db, query.flowNo, staff, locale),
  }),
  defineNodeWrite({
    path: '/v1/supplier-assessment/save',
    summary: 'KCP2: save the conclusion, attachments and to-do list without completing; the to-dos become tasks (principal only)',
    tag,
    node: 'KCP2',
    body: kcp2SaveRequest,
    response: messageResponse,
    async handle({ deps, node, body, staff, locale }) {
      await saveKcp2(evaluationDeps(deps), node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  defineNodeWrite({
    path: '/v1/supplier-assessment/complete',
    summary: 'KCP2: save and complete; refused while the high-potential approval or the supplier-code application is open; a failing conclusion ends the flow (principal only)',
    tag,
    node: 'KCP2',
    body: kcp2CompleteRequest,
    response: messageResponse,
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await completeKcp2(evaluationDeps(deps), node, body, staff);
    },
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/supplier-assessment/finish-todo',
    summary: "Mark a to-do done, which finishes its task (the to-do's principal only, while the flow runs)",
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    body: finishTodoRequest,
    response: messageResponse,
    async handle({ deps, body, staff, locale }) {
      await finishTodo(deps, body, staff);
      return messageOf('todoFinished', locale);
    },
  }),
];
