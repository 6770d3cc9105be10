/** Address constants apart from the zod fields (address.ts re-exports them), for forms that show before the schema loads. */

/** The country code of the Chinese mainland in the area tables (ISO alpha-2). */
export const CHINA = 'CN';

/** Lengths the requirements leave open: a city name 50, a detailed address 200, area names 100. */
export const CITY_MAX = 50;
export const ADDRESS_MAX = 200;
