import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { HistoryPageQuery, HistoryRecord } from '#domain/cert-flow/history.ts';
import type { AuditPassRequest, AuditRejectRequest, FlowTaskRow } from '#domain/cert-flow/review.ts';
import { flowDetailKeys } from './cert-flow-detail.ts';
import { FLOW_TASKS } from '#domain/contracts/flow-tasks.ts';
import { call } from './call.ts';

/** Staff side of the questionnaire: stage-10 tasks, reviews, re-issue, change logs (req rfi §2, req flow §2.4, §7.1). */

/** Task row of the stage-10 task list (req rfi §3 "Task row"). */
export type FlowTask = FlowTaskRow;

/** Log entry of the operation history (req rfi §3, req flow §3.3). */
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
    queryFn: ({ signal }) => call(FLOW_TASKS.taskList, { query: { flowNo } }, { signal }),
    staleTime: 0,
    refetchInterval: 5_000,
    enabled: Boolean(flowNo),
  });

export const operationHistoryQuery = (q: HistoryQuery, locale: string) =>
  queryOptions({
    queryKey: rfiStaffKeys.history(q, locale),
    queryFn: ({ signal }) => call(FLOW_TASKS.history, { query: q }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: Boolean(q.relationCode),
  });

/** Mails the supplier a fresh questionnaire link (REGISTER_RFI task, req rfi §4 "Tasks"). */
export const reissueRfi = (flowNo: string) => call(FLOW_TASKS.reissueRfi, { body: { flowNo } });

export const auditPass = (input: AuditPassRequest) => call(FLOW_TASKS.auditPass, { body: input });
export const auditReject = (input: AuditRejectRequest) => call(FLOW_TASKS.auditReject, { body: input });
