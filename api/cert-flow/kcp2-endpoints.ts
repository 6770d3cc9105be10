import { ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { completeKcp2, kcp2Detail, saveKcp2 } from '#services/cert-flow/nodes/kcp2.ts';
import { finishTodo } from '#services/cert-flow/todos.ts';
import type { AppDeps } from '../deps.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

export const evaluationDeps = (deps: AppDeps) => ({ db: deps.db, flows: deps.flows, mailer: deps.mailer, publicUrl: deps.config.publicUrl });

/**
 * The second-stage meeting conclusion (req flow §7.7: task-detail and complete; save and finish-todo
 * are ours, docs/decisions/). Writes need the KCP2 principal while KCP2 is in progress; a to-do is
 * marked done by its own principal.
 */
export const kcp2Endpoints = [
  implement(FLOW_NODES.kcp2, { permissions: [ROUTES.certFlowDetail], handle: ({ deps, query, staff, locale }) => kcp2Detail(deps.db, query.flowNo, staff, locale) }),
  implementNodeWrite(FLOW_NODES.kcp2Save, {
    node: 'KCP2',
    async handle({ deps, node, body, staff, locale }) {
      await saveKcp2(evaluationDeps(deps), node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.kcp2Complete, {
    node: 'KCP2',
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await completeKcp2(evaluationDeps(deps), node, body, staff);
    },
  }),
  implement(FLOW_NODES.finishTodo, {
    permissions: [ROUTES.certFlowDetail],
    async handle({ deps, body, staff, locale }) {
      await finishTodo(deps, body, staff);
      return messageOf('todoFinished', locale);
    },
  }),
];
