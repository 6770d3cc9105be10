import type { Locale } from '../i18n.ts';

/** The working calendar and node time limits (docs/decisions/0056-node-time-limits.md): rule messages, zh and en. */
export const CALENDAR_MESSAGES = {
  enterHolidayName: { zh: '请输入名称（如：国庆节、国庆调休）', en: 'Please enter a name (e.g. National Day, National Day make-up day)' },
  holidayOnWeekend: { zh: '周末本就休息，无需设为节假日', en: 'A weekend day is off already: no need to list it as a holiday' },
  workdayOnWeekday: { zh: '工作日本就上班，只有周末可设为调休上班', en: 'A weekday is worked already: only a weekend day can be listed as worked' },
} as const satisfies Record<string, Record<Locale, string>>;
