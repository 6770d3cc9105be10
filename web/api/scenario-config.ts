import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import type { Page } from '#domain/fields.ts';
import type {
  ScenarioChange,
  ScenarioConfigInput,
  ScenarioListRequest,
  ScenarioRow,
} from '#domain/scenario/scenario-config.ts';
import { get, post } from './client.ts';
import { SCENARIO_API as BASE, scenarioKeys } from './scenario-detail.ts';

// The keys and the detail query live apart: the editor's route reads the scenario in the app's entry, without
// the rest of this module.
export { scenarioDetailQuery, scenarioKeys } from './scenario-detail.ts';

export const scenarioListQuery = (q: ScenarioListRequest, locale: string) =>
  queryOptions({
    queryKey: scenarioKeys.list(q, locale),
    queryFn: ({ signal }) => post<Page<ScenarioRow>>(`${BASE}/flow-scenario-config-list`, q, { signal }),
    placeholderData: keepPreviousData,
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
