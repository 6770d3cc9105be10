import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { Page } from '#domain/fields.ts';
import type {
  ScenarioChange,
  ScenarioConfigDetail,
  ScenarioConfigInput,
  ScenarioListRequest,
  ScenarioRow,
} from '#domain/scenario/scenario-config.ts';
import { get, post } from './client.ts';

const BASE = '/v1/flow-scenario-config';

/** Scenario configuration (spec 3 §7.4). */
export const scenarioKeys = {
  all: ['scenario-config'] as const,
  lists: () => [...scenarioKeys.all, 'list'] as const,
  list: (q: ScenarioListRequest, locale: string) => [...scenarioKeys.lists(), q, locale] as const,
  detail: (code: string) => [...scenarioKeys.all, 'detail', code] as const,
  diff: (code: string, from: number, to: number) => [...scenarioKeys.all, 'diff', code, from, to] as const,
};

export const scenarioListQuery = (q: ScenarioListRequest, locale: string) =>
  queryOptions({
    queryKey: scenarioKeys.list(q, locale),
    queryFn: ({ signal }) => post<Page<ScenarioRow>>(`${BASE}/flow-scenario-config-list`, q, { signal }),
    placeholderData: keepPreviousData,
  });

export const scenarioDetailQuery = (code: string) =>
  queryOptions({
    queryKey: scenarioKeys.detail(code),
    queryFn: ({ signal }) => get<ScenarioConfigDetail>(`${BASE}/get_config-info`, { code }, { signal }),
  });

export const scenarioDiffQuery = (code: string, from: number, to: number) =>
  queryOptions({
    queryKey: scenarioKeys.diff(code, from, to),
    queryFn: ({ signal }) => get<ScenarioChange[]>(`${BASE}/version-diff`, { code, from, to }, { signal }),
  });

type Saved = { code: string; version: number; message: string };
/** Field errors are shown on the editor, so these calls handle their own errors. */
export const createScenario = (input: ScenarioConfigInput) => post<Saved>(`${BASE}/save`, input, { handleErrors: true });
export const editScenario = (input: ScenarioConfigInput & { code: string; mode: 1 | 2 }) => post<Saved>(`${BASE}/edit`, input, { handleErrors: true });
export const deleteScenario = (code: string) => post<{ retired: boolean; message: string }>(`${BASE}/del_config-info`, undefined, { query: { code } });
