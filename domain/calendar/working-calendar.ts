import { z } from 'zod';
import { requiredText } from '../fields.ts';

export { addWorkingDays, isWorkingDay, WEEKENDS_ONLY, workingDaysBetween, type WorkingCalendar } from './working-days.ts';

/** The kinds of a listed day. */
export const CALENDAR_DAY_KINDS = ['holiday', 'workday'] as const;
export type CalendarDayKind = (typeof CALENDAR_DAY_KINDS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (text: string) => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** POST /api/v1/calendar/save: a holiday (on a weekday) or a worked weekend day, with its name. */
export const calendarDayRequest = z
  .object({
    day: z.string().trim().refine(realDay, { error: 'invalidDate' }),
    kind: z.enum(CALENDAR_DAY_KINDS, { error: 'invalidValue' }),
    name: requiredText(50, 'enterHolidayName'),
  })
  .superRefine((v, ctx) => {
    if (!realDay(v.day)) return;
    const weekend = [0, 6].includes(new Date(`${v.day}T00:00:00Z`).getUTCDay());
    if (v.kind === 'holiday' && weekend) ctx.addIssue({ code: 'custom', path: ['day'], message: 'holidayOnWeekend' });
    if (v.kind === 'workday' && !weekend) ctx.addIssue({ code: 'custom', path: ['day'], message: 'workdayOnWeekday' });
  });
export type CalendarDayRequest = z.infer<typeof calendarDayRequest>;

export const calendarYearQuery = z.object({ year: z.coerce.number().int().min(2000, { error: 'invalidValue' }).max(2100, { error: 'invalidValue' }) });
export const calendarDayView = z.object({ day: z.string(), kind: z.enum(CALENDAR_DAY_KINDS), name: z.string(), updatedBy: z.string() });
export const calendarYearView = z.array(calendarDayView);
export const calendarDeleteRequest = z.object({ day: z.string().trim().refine(realDay, { error: 'invalidDate' }) });
