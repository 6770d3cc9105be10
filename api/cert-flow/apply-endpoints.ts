import { actorOf } from '#domain/identity.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { expandApplySchema, registerApplySchema } from '#domain/cert-flow/apply.ts';
import { flowListQuery } from '#domain/cert-flow/flow-list.ts';
import { applyForRegistration } from '#services/cert-flow/apply.ts';
import { applyForExpansion } from '#services/cert-flow/expand.ts';
import { listFlows } from '#services/cert-flow/flow-list.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const tag = 'certification flow';

/** Flow management: the apply drawer and the list (spec 2 §7.1). */
export const applyEndpoints = [
  defineEndpoint({
    method: 'post',
    path: '/v1/cert-flow-node/create',
    summary: 'New registration application',
    tag,
    auth: 'staff',
    permissions: [PERMISSIONS.newApplyRfi],
    body: registerApplySchema,
    status: 201,
    handle: ({ deps, body, staff, locale }) => applyForRegistration(deps, body, actorOf(staff), locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/cert-flow-node/expand',
    summary: "Expand an accepted supplier's categories",
    tag,
    auth: 'staff',
    permissions: [PERMISSIONS.expandApplyRfi],
    body: expandApplySchema,
    status: 201,
    handle: ({ deps, body, staff, locale }) => applyForExpansion(deps, body, actorOf(staff), locale),
  }),
  // Spec 2 §7.1 also names the list POST /v1/register/page: the same call answers there.
  ...[
    { path: '/v1/cert-flow-node/flow-list', summary: 'Flow management list' },
    { path: '/v1/register/page', summary: 'Flow management list (the spec’s name of POST /v1/cert-flow-node/flow-list)' },
  ].map(({ path, summary }) =>
    defineEndpoint({
      method: 'post',
      path,
      summary,
      tag,
      auth: 'staff',
      permissions: [ROUTES.certFlowList, PERMISSIONS.certProcessManageAll],
      body: flowListQuery,
      handle: ({ deps, body, staff, locale }) => listFlows(deps.db, body, staff, locale),
    }),
  ),
];
