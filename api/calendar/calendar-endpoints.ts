import { CALENDAR } from '#domain/contracts/calendar.ts';
import { ROUTES } from '#domain/permissions.ts';
import { calendarYear, deleteCalendarDay, saveCalendarDay } from '#services/calendar/working-calendar.ts';
import { implement } from '../http/endpoint.ts';
import { messageOf } from '../http/envelope.ts';

const CONFIGURE = [ROUTES.scenarioConfig];

/** The working calendar (domain/contracts/calendar.ts). */
export const calendarEndpoints = [
  implement(CALENDAR.year, { permissions: CONFIGURE, handle: ({ deps, query }) => calendarYear(deps.db, query.year) }),
  implement(CALENDAR.save, {
    permissions: CONFIGURE,
    async handle({ deps, body, staff, locale }) {
      await saveCalendarDay(deps.db, body, staff);
      return messageOf('saved', locale);
    },
  }),
  implement(CALENDAR.delete, {
    permissions: CONFIGURE,
    async handle({ deps, body, staff, locale }) {
      await deleteCalendarDay(deps.db, body.day, staff);
      return messageOf('deleted', locale);
    },
  }),
];
