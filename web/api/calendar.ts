import { queryOptions } from '@tanstack/react-query';
import type { CalendarDayRequest } from '#domain/calendar/working-calendar.ts';
import { CALENDAR } from '#domain/contracts/calendar.ts';
import { call } from './call.ts';

/** The working calendar (domain/contracts/calendar.ts). */
export const calendarKeys = { year: (year: number) => ['calendar', year] as const };

export const calendarYearQuery = (year: number) =>
  queryOptions({ queryKey: calendarKeys.year(year), queryFn: ({ signal }) => call(CALENDAR.year, { query: { year } }, { signal }) });

export const saveCalendarDay = (body: CalendarDayRequest) => call(CALENDAR.save, { body }, { handleErrors: true });
export const deleteCalendarDay = (day: string) => call(CALENDAR.delete, { body: { day } });
