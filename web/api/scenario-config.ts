import { queryOptions } from '@tanstack/react-query';
import { keepPreviousData } from './keep-previous-data.ts';
import { SCENARIO } from '#domain/contracts/scenario.ts';
import type { ScenarioConfigInput, ScenarioListRequest } from '#domain/scenario/scenario-config.ts';
import { call } from './call.ts';
import { scenarioKeys } from './scenario-detail.ts';

// The keys and the detail query live apart: the editor's route reads the scenario in the app's entry, without
// the rest of this module.
export { scenarioDetailQuery, scenarioKeys } from './scenario-detail.ts';

export const scenarioListQuery = (q: ScenarioListRequest, locale: string) =>
  queryOptions({
    queryKey: scenarioKeys.list(q, locale),
    queryFn: ({ signal }) => call(SCENARIO.list, { body: q }, { signal }),
    placeholderData: keepPreviousData,
  });

export const scenarioDiffQuery = (code: string, from: number, to: number) =>
  queryOptions({
    queryKey: scenarioKeys.diff(code, from, to),
    queryFn: ({ signal }) => call(SCENARIO.diff, { query: { code, from, to } }, { signal }),
  });

/** Field errors are shown on the editor, so these calls handle their own errors. */
export const createScenario = (input: ScenarioConfigInput) => call(SCENARIO.create, { body: input }, { handleErrors: true });
export const editScenario = (input: ScenarioConfigInput & { code: string; mode: 1 | 2 }) => call(SCENARIO.edit, { body: input }, { handleErrors: true });
export const deleteScenario = (code: string) => call(SCENARIO.remove, { query: { code } });
