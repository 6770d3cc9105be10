import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { Page } from '#domain/fields.ts';
import type { HistoryPageQuery, HistoryRecord } from '#domain/cert-flow/history.ts';
import type { AuditPassRequest, AuditRejectRequest, FlowTaskRow } from '#domain/cert-flow/review.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { get, post } from './client.ts';

/** Staff side of the questionnaire: stage-10 tasks, reviews, re-issue, change logs (spec 1 §2, spec 2 §2.4, §7.1). */

/** Task row of GET /v1/cert-flow-node/task-list (spec 1 §3 "Task row"). */
export type FlowTask = FlowTaskRow;

/** Log entry of the operation history (spec 1 §3, spec 2 §3.3). */
export type LogEntry = HistoryRecord;

export type HistoryQuery = HistoryPageQuery;

export const rfiStaffKeys = {
  all: ['rfi-staff'] as const,
  // The stage-10 tasks are the RFI node's: the progress page's Refresh reloads them with the flow.
  tasks: (flowNo: string) => [...flowDetailKeys.node(flowNo, 'RFI'), 'tasks'] as const,
  histories: (relationCode: string) => [...rfiStaffKeys.all, 'history', relationCode] as const,
  history: (q: HistoryQuery, locale: string) => [...rfiStaffKeys.histories(q.relationCode), q, locale] as const,
};

// Tasks and logs change in the workflow, outside this browser: read them afresh whenever shown. A task
// list left open follows the flow too (a flow just applied for has its first task a moment later).
export const flowTasksQuery = (flowNo: string, locale: string) =>
  queryOptions({
    queryKey: [...rfiStaffKeys.tasks(flowNo), locale],
    queryFn: ({ signal }) => get<FlowTask[]>('/v1/cert-flow-node/task-list', { flowNo }, { signal }),
    staleTime: 0,
    refetchInterval: 5_000,
    enabled: Boolean(flowNo),
  });

export const operationHistoryQuery = (q: HistoryQuery, locale: string) =>
  queryOptions({
    queryKey: rfiStaffKeys.history(q, locale),
    queryFn: ({ signal }) => get<Page<LogEntry>>('/v1/operator-history/onBoard-page', { ...q }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: Boolean(q.relationCode),
  });

/** Mails the supplier a fresh questionnaire link (REGISTER_RFI task, spec 1 §4 "Tasks"). */
export const reissueRfi = (flowNo: string) => post<unknown>('/v1/cert-flow-node/reissue-rfi', { flowNo });

export const auditPass = (input: AuditPassRequest) => post<unknown>('/v1/cert-flow-node/audit-pass', input);
export const auditReject = (input: AuditRejectRequest) => post<unknown>('/v1/cert-flow-node/audit-reject', input);
