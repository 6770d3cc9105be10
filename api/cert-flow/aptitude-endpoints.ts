import { ROUTES } from '#domain/permissions.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { aptitudeDetail, aptitudeResult, completeAptitude, saveAptitude } from '#services/cert-flow/nodes/aptitude.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';
import { implementNodeWrite } from '../http/node-write.ts';

const permissions = [ROUTES.certFlowDetail];

/** Qualification matching (req flow §7.2). Reads need the progress page's key; writes its task principal. */
export const aptitudeEndpoints = [
  implement(FLOW_NODES.aptitude, { permissions, handle: ({ deps, query, staff }) => aptitudeDetail(deps.db, query.flowNo, staff) }),
  implement(FLOW_NODES.aptitudeResult, { permissions, handle: ({ deps, query, staff }) => aptitudeResult(deps.db, query.flowNo, staff) }),
  implementNodeWrite(FLOW_NODES.aptitudeSave, {
    node: 'APTITUDE',
    async handle({ deps, node, body, staff, locale }) {
      await saveAptitude(deps.db, node, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implementNodeWrite(FLOW_NODES.aptitudeComplete, {
    node: 'APTITUDE',
    completes: (locale) => messageOf('submitted', locale),
    async handle({ deps, node, body, staff }) {
      await completeAptitude(deps, node, body, staff);
    },
  }),
];
