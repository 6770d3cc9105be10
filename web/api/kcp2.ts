import { queryOptions } from '@tanstack/react-query';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import type { TodoSource } from '#domain/cert-flow/todos.ts';
import { FLOW_NODES } from '#domain/contracts/flow-nodes.ts';
import { call } from './call.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { RELEASE } from '#domain/contracts/release.ts';

/** The second meeting (KCP2), its to-dos and the high-potential application (req flow §7.7, §7.8). */

// Approvals and to-dos change outside this browser: read afresh whenever shown.
export const kcp2DetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'KCP2'), 'detail'],
    queryFn: ({ signal }) => call(FLOW_NODES.kcp2, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

export const highPotentialQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'KCP2'), 'high-potential'],
    queryFn: ({ signal }) => call(FLOW_NODES.highPotential, { query: { flowNo } }, { signal }),
    staleTime: 0,
  });

// Types, not interfaces: the forms need indexable records.
/** A to-do row as sent (domain/cert-flow/todos.ts todoRow). */
export type TodoWire = {
  seq: number | null;
  todoName: string;
  todoDesc: string;
  principalId: string;
  principalName: string;
  closeDate: string;
  todoType?: string;
};

export type Kcp2Wire = { flowNo: string; accessStatus: number | null; documentList: DocumentItem[]; todoList: TodoWire[] };
export type HighPotentialWire = { flowNo: string; description: string; documentList: (DocumentItem & { documentType: string })[]; todoList: TodoWire[] };


/** Field errors show on the forms, so the writes handle their own errors. */
export const saveKcp2 = (input: Kcp2Wire) => call(FLOW_NODES.kcp2Save, { body: input }, { handleErrors: true });
export const completeKcp2 = (input: Kcp2Wire) => call(FLOW_NODES.kcp2Complete, { body: input }, { handleErrors: true });
export const saveHighPotential = (input: HighPotentialWire) => call(FLOW_NODES.highPotentialSave, { body: input }, { handleErrors: true });
export const submitHighPotential = (input: HighPotentialWire) => call(FLOW_NODES.highPotentialSubmit, { body: input }, { handleErrors: true });
export const finishTodo = (input: { flowNo: string; source: TodoSource; seq: number }) => call(FLOW_NODES.finishTodo, { body: input }, { handleErrors: true });
/** Starts the supplier-code application (the release form), built by the release part of the server. */
export const initSupplierPreRelease = (flowNo: string) => call(RELEASE.apply, { body: { flowNo } }, { handleErrors: true });
