import { queryOptions } from '@tanstack/react-query';
import type { EngineApprovalKind } from '#domain/approvals/kinds.ts';
import { APPROVALS } from '#domain/contracts/approvals.ts';
import { FLOW_TASKS } from '#domain/contracts/flow-tasks.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { call } from './call.ts';

/**
 * The approvals of a flow's high-potential and supplier-code applications (req flow §2.4): the record
 * card of a task. Approvals run at KCP2, so their reads sit under that node: its refresh reloads them.
 */
export const approvalKeys = {
  record: (flowNo: string, taskNo: string) => [...flowDetailKeys.node(flowNo, 'KCP2'), 'approval-record', taskNo] as const,
};

// Decisions land in the workflow, outside this browser: read afresh whenever shown.
export const approvalRecordQuery = (flowNo: string, taskNo: string, locale: string) =>
  queryOptions({
    queryKey: [...approvalKeys.record(flowNo, taskNo), locale],
    // The card shows "task not found" itself instead of a toast.
    queryFn: ({ signal }) => call(FLOW_TASKS.approvalRecord, { query: { flowNo, taskNo } }, { signal, handleErrors: true }),
    staleTime: 0,
    retry: false,
    enabled: Boolean(flowNo && taskNo),
  });

/** The one approval card (domain/contracts/approvals.ts): any kind of approval, by what it approves. */
export const approvalCardKeys = {
  all: ['approval-card'] as const,
  card: (kind: EngineApprovalKind, of: string) => [...approvalCardKeys.all, kind, of] as const,
};

export const approvalCardQuery = (kind: EngineApprovalKind, of: string, locale: string) =>
  queryOptions({
    queryKey: [...approvalCardKeys.card(kind, of), locale],
    queryFn: ({ signal }) => call(APPROVALS.card, { query: { kind, ref: of } }, { signal }),
    staleTime: 0,
    enabled: Boolean(of),
  });

/** A refusal of the reason comes back on the field; the card shows it itself. */
export const approveOnCard = (kind: EngineApprovalKind, of: string, remark: string) =>
  call(APPROVALS.approve, { body: { kind, ref: of, ...(remark.trim() ? { reason: remark } : {}) } });
export const rejectOnCard = (kind: EngineApprovalKind, of: string, reason: string) => call(APPROVALS.reject, { body: { kind, ref: of, reason } }, { handleErrors: true });
