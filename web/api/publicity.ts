import { queryOptions } from '@tanstack/react-query';
import type { PublicityDetail } from '#domain/cert-flow/nodes/publicity.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { get, post } from './client.ts';

/** The publicity node (spec 2 §7.7). */

// The period, the objections and the push change outside this browser: read afresh whenever shown.
export const publicityDetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'PUBLICITY'), 'detail'],
    queryFn: ({ signal }) => get<PublicityDetail>('/v1/supplier-publicity/task-detail', { flowNo }, { signal }),
    staleTime: 0,
  });

/** An objection row as sent (domain/cert-flow/nodes/publicity.ts objectionRow). */
export type ObjectionWire = { id: number | null; description: string; proposerId: string; documentName: string | null; documentUrl: string | null };

type Done = { message: string };

/** Field errors show on the table, so the writes handle their own errors. */
export const savePublicity = (input: { flowNo: string; objectionList: ObjectionWire[] }) =>
  post<Done>('/v1/supplier-publicity/save', input, { handleErrors: true });
export const returnPublicity = (flowNo: string) => post<Done>('/v1/supplier-publicity/return', { flowNo }, { handleErrors: true });
/** The spec's GET push is a POST here: it publishes (docs/decisions.md). */
export const pushPublicity = (flowNo: string) => post<Done>('/v1/supplier-publicity/push', { flowNo }, { handleErrors: true });
