/**
 * The publicity period (req flow §4.6) is a setting of the flow's scenario (`scenario.publicity_seconds`);
 * seven days where a flow's scenario has no row (docs/decisions/), as the column's default.
 */
export const DEFAULT_PUBLICITY_SECONDS = 7 * 24 * 3600;
