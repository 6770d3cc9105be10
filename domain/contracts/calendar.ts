import { calendarDayRequest, calendarDeleteRequest, calendarYearQuery, calendarYearView } from '../calendar/working-calendar.ts';
import { messageAnswer } from './answers.ts';
import { contract } from './contract.ts';

/** The company's working calendar (docs/decisions/0056-node-time-limits.md): kept by the configuration permission. */
const tag = 'working calendar';

export const CALENDAR = {
  year: contract({
    method: 'get',
    path: '/api/v1/calendar',
    summary: "A year's listed days: holidays on weekdays and weekend days worked (the configuration permission)",
    tag,
    auth: 'staff',
    query: calendarYearQuery,
    response: calendarYearView,
  }),
  save: contract({
    method: 'post',
    path: '/api/v1/calendar/save',
    summary: 'List a holiday or a weekend day worked; due times set from now on count with it',
    tag,
    auth: 'staff',
    body: calendarDayRequest,
    response: messageAnswer,
  }),
  delete: contract({
    method: 'post',
    path: '/api/v1/calendar/delete',
    summary: 'Make a listed day an ordinary one again',
    tag,
    auth: 'staff',
    body: calendarDeleteRequest,
    response: messageAnswer,
  }),
};
