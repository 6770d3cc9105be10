import { ROUTES } from '#domain/permissions.ts';
import { FLOWS } from '#domain/contracts/flows.ts';
import type { FlowDetail } from '#domain/cert-flow/flow-detail.ts';
import { loadFlowDetail } from '#services/cert-flow/flow-detail.ts';
import { revealContact } from '#services/cert-flow/contact-reveal.ts';
import { listMyOpenTasks } from '#services/cert-flow/my-tasks.ts';
import type { Locale } from '#domain/i18n.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import type { AppDeps } from '../deps.ts';
import { implement } from '../http/endpoint.ts';

function flowDetail(deps: AppDeps, flowNo: string, staff: StaffPrincipal, locale: Locale): Promise<FlowDetail> {
  const temporal = { uiUrl: deps.config.temporalUiUrl, namespace: deps.config.TEMPORAL_NAMESPACE };
  return loadFlowDetail(deps.db, temporal, flowNo, staff, locale);
}

const permissions = [ROUTES.certFlowDetail];

/** The flow progress page (req flow §2.3, §3.1) and the dashboard's open tasks. */
export const detailEndpoints = [
  implement(FLOWS.detail, { permissions, handle: ({ deps, query, staff, locale }) => flowDetail(deps, query.flowNo, staff, locale) }),
  implement(FLOWS.registerDetail, { permissions, handle: ({ deps, body, staff, locale }) => flowDetail(deps, body.flowNo, staff, locale) }),
  implement(FLOWS.contactReveal, { permissions, handle: ({ deps, body, staff }) => revealContact(deps.db, body.flowNo, staff) }),
  implement(FLOWS.myTasks, { handle: ({ deps, staff, locale }) => listMyOpenTasks(deps.db, staff.jobNumber, locale) }),
];
