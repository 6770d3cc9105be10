import { queryOptions } from '@tanstack/react-query';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import type { HighPotentialDetail } from '#domain/cert-flow/high-potential.ts';
import type { Kcp2Detail } from '#domain/cert-flow/nodes/kcp2.ts';
import type { TodoSource } from '#domain/cert-flow/todos.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { get, post } from './client.ts';

/** The second meeting (KCP2), its to-dos and the high-potential application (spec 2 §7.7, §7.8). */

// Approvals and to-dos change outside this browser: read afresh whenever shown.
export const kcp2DetailQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'KCP2'), 'detail'],
    queryFn: ({ signal }) => get<Kcp2Detail>('/v1/supplier-assessment/task-detail', { flowNo }, { signal }),
    staleTime: 0,
  });

export const highPotentialQuery = (flowNo: string) =>
  queryOptions({
    queryKey: [...flowDetailKeys.node(flowNo, 'KCP2'), 'high-potential'],
    queryFn: ({ signal }) => get<HighPotentialDetail>('/v1/supplier-assessment/get_high-supplier-apply', { flowNo }, { signal }),
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

type Done = { message: string };

/** Field errors show on the forms, so the writes handle their own errors. */
export const saveKcp2 = (input: Kcp2Wire) => post<Done>('/v1/supplier-assessment/save', input, { handleErrors: true });
export const completeKcp2 = (input: Kcp2Wire) => post<Done>('/v1/supplier-assessment/complete', input, { handleErrors: true });
export const saveHighPotential = (input: HighPotentialWire) => post<Done>('/v1/supplier-assessment/save_high-supplier-apply', input, { handleErrors: true });
export const submitHighPotential = (input: HighPotentialWire) => post<Done>('/v1/supplier-assessment/submit_high-supplier-apply', input, { handleErrors: true });
export const finishTodo = (input: { flowNo: string; source: TodoSource; seq: number }) => post<Done>('/v1/supplier-assessment/finish-todo', input, { handleErrors: true });
/** Starts the supplier-code application (the release form), built by the release part of the server. */
export const initSupplierPreRelease = (flowNo: string) => post<unknown>('/v1/supplier-assessment/init_supplier-pre-release', { flowNo }, { handleErrors: true });
