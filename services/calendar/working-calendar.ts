import type { Db, DbOrTrx } from '#db/connection.ts';
import type { CalendarDayRequest, WorkingCalendar } from '#domain/calendar/working-calendar.ts';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { actorOf, type StaffPrincipal } from '#domain/identity.ts';
import { writeHistory } from '#services/history/write-history.ts';

/**
 * The working calendar as stored (`working_calendar`): read whole, it is a few dozen days a year. Every due time and
 * time spent is counted with it (docs/decisions/0056-node-time-limits.md).
 */
export async function loadCalendar(db: DbOrTrx): Promise<WorkingCalendar> {
  const rows = await db.selectFrom('working_calendar').select(['day', 'kind']).execute();
  return {
    holidays: new Set(rows.filter((r) => r.kind === 'holiday').map((r) => r.day)),
    workdays: new Set(rows.filter((r) => r.kind === 'workday').map((r) => r.day)),
  };
}

/** GET /api/v1/calendar?year=: the listed days of a year, in order. */
export async function calendarYear(db: Db, year: number) {
  const rows = await db
    .selectFrom('working_calendar')
    .select(['day', 'kind', 'name', 'updated_by'])
    .where('day', '>=', `${year}-01-01`)
    .where('day', '<=', `${year}-12-31`)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, kind: r.kind as 'holiday' | 'workday', name: r.name, updatedBy: r.updated_by }));
}

const calendarLog = (day: string) => ({ type: RELATION_TYPE.CONFIGURATION, code: `calendar:${day}` });

/** POST /api/v1/calendar/save: a day listed or changed; due times computed from now on count with it. */
export async function saveCalendarDay(db: Db, input: CalendarDayRequest, staff: StaffPrincipal): Promise<void> {
  const values = { kind: input.kind, name: input.name, updated_by: staff.name, updated_at: new Date() };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('working_calendar').values({ day: input.day, ...values }).onConflict((oc) => oc.column('day').doUpdateSet(values)).execute();
    await writeHistory(trx, { relation: calendarLog(input.day), actor: actorOf(staff), action: 'calendarDaySaved', description: `${input.day} ${input.kind === 'holiday' ? '休息' : '上班'}：${input.name}`, detail: input });
  });
}

/** POST /api/v1/calendar/delete: the day is an ordinary one again. */
export async function deleteCalendarDay(db: Db, day: string, staff: StaffPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('working_calendar').where('day', '=', day).executeTakeFirst();
    if (gone.numDeletedRows) await writeHistory(trx, { relation: calendarLog(day), actor: actorOf(staff), action: 'calendarDayDeleted', description: `${day} 恢复为普通日`, detail: { day } });
  });
}
