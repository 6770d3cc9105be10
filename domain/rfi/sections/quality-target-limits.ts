/** Step 7's limits apart from its zod schema (quality-targets.ts re-exports them), for the form before the schema loads. */

export const TARGET_NUMBER_MAX = 99_999_999;
export const TARGET_ROWS = { min: 1, max: 10 } as const;
export const IPTV_MIS = [3, 6, 9] as const;
export const IPTV_GROUPS = { min: 1, max: 10 } as const;

export const isIptvGroupHead = (index: number) => index % IPTV_MIS.length === 0;
