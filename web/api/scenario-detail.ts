import { queryOptions } from '@tanstack/react-query';
import { SCENARIO } from '#domain/contracts/scenario.ts';
import type { ScenarioListRequest } from '#domain/scenario/scenario-config.ts';
import { call } from './call.ts';

/** Scenario configuration (req scenario §7.4). */
export const scenarioKeys = {
  all: ['scenario-config'] as const,
  lists: () => [...scenarioKeys.all, 'list'] as const,
  list: (q: ScenarioListRequest, locale: string) => [...scenarioKeys.lists(), q, locale] as const,
  detail: (code: string) => [...scenarioKeys.all, 'detail', code] as const,
  diff: (code: string, from: number, to: number) => [...scenarioKeys.all, 'diff', code, from, to] as const,
};

export const scenarioDetailQuery = (code: string) =>
  queryOptions({
    queryKey: scenarioKeys.detail(code),
    queryFn: ({ signal }) => call(SCENARIO.detail, { query: { code } }, { signal }),
  });
