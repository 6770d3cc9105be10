import { z } from 'zod';
import { ROUTES } from '#domain/permissions.ts';
import { flowNoQuery } from '#domain/cert-flow/flow-no.ts';
import type { FlowContact, FlowDetail, MyOpenTask } from '#domain/cert-flow/flow-detail.ts';
import { loadFlowDetail } from '#services/cert-flow/flow-detail.ts';
import { revealContact } from '#services/cert-flow/contact-reveal.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { AppDeps } from '../deps.ts';
import { defineEndpoint } from '../http/endpoint.ts';

const tag = 'certification flow';

function flowDetail(deps: AppDeps, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<FlowDetail> {
  const temporal = { uiUrl: deps.config.temporalUiUrl, namespace: deps.config.TEMPORAL_NAMESPACE };
  return loadFlowDetail(deps.db, temporal, flowNo, staff, locale);
}

/** The flow progress page (spec 2 §2.3, §3.1) and the dashboard's open tasks. */
export const detailEndpoints = [
  defineEndpoint({
    method: 'get',
    path: '/v1/cert-flow-node/detail',
    summary: 'A flow with its stages, nodes, tasks and masked contact',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    query: flowNoQuery,
    handle: ({ deps, query, staff, locale }): Promise<FlowDetail> => flowDetail(deps, query.flowNo, staff, locale),
  }),
  // Spec 2 §7.1's name for the registration's detail: the same answer, the flow number in the body.
  defineEndpoint({
    method: 'post',
    path: '/v1/register/detail',
    summary: 'A flow with its stages, nodes, tasks and masked contact (the spec’s name of GET /v1/cert-flow-node/detail)',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    body: flowNoQuery,
    handle: ({ deps, body, staff, locale }): Promise<FlowDetail> => flowDetail(deps, body.flowNo, staff, locale),
  }),
  defineEndpoint({
    method: 'post',
    path: '/v1/cert-flow-node/contact-reveal',
    summary: 'The supplier contact in clear (purchasing manager, CMT leader, administrators; logged)',
    tag,
    auth: 'staff',
    permissions: [ROUTES.certFlowDetail],
    body: flowNoQuery,
    response: z.object({ contactName: z.string(), contactEmail: z.string().nullable(), contactAreaCode: z.string(), contactNumber: z.string() }),
    handle: ({ deps, body, staff }): Promise<FlowContact> => revealContact(deps.db, body.flowNo, staff),
  }),
  defineEndpoint({
    method: 'get',
    path: '/v1/cert-flow-node/my-tasks',
    summary: 'Open tasks of the signed-in staff member',
    tag,
    auth: 'staff',
    handle: ({ deps, staff, locale }): Promise<MyOpenTask[]> => listMyOpenTasks(deps.db, staff.jobNumber, locale),
  }),
];
