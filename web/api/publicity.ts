import { queryOptions } from '@tanstack/react-query';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { call } from './call.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';

/** The publicity node (req flow §7.7). */

// The period, the objections and the push change outside this browser: read afresh whenever shown.
export const publicityDetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'PUBLICITY'), 'detail'],
    queryFn: ({ signal }) => call(FLOW_NODES.publicity, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

/** An objection row as sent (domain/cert-flow/nodes/publicity.ts objectionRow). */
export type ObjectionWire = { id: number | null; description: string; proposerId: string; documentName: string | null; documentUrl: string | null };


/** Field errors show on the table, so the writes handle their own errors. */
export const savePublicity = (input: { flowNo: string; objectionList: ObjectionWire[] }) =>
  call(FLOW_NODES.publicitySave, { body: input }, { handleErrors: true });
export const returnPublicity = (flowNo: string) => call(FLOW_NODES.publicityReturn, { body: { flowNo } }, { handleErrors: true });
/** The requirements’ GET push is a POST here: it publishes (docs/decisions/). */
export const pushPublicity = (flowNo: string) => call(FLOW_NODES.publicityPush, { body: { flowNo } }, { handleErrors: true });
