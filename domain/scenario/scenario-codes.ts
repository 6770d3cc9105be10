// The codes the configuration routes read from their URL, apart from the kinds' names and nodes
// (scenario-types.ts): every page's entry carries the route definitions, so only these with them.

/** Modes of the configuration screen (req scenario §2.5). */
export const CONFIG_MODE = { NEW: 0, EDIT: 1, APPLY: 2 } as const;

/** A scenario is a draft until applied; applied ones are offered in the apply drawer; retired ones no longer. */
export const SCENARIO_STATUS = { DRAFT: 0, APPLIED: 10, RETIRED: 20 } as const;

/** The kinds of scenario (req scenario §2.5), as scenario-types.ts describes each. */
export const SCENARIO_TYPE_CODES = ['NEW_SUPPLIER', 'CATEGORY_EXPANSION', 'TRADING_COMPANY', 'REQUALIFICATION'] as const;
export type ScenarioType = (typeof SCENARIO_TYPE_CODES)[number];
