import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';

/** Flow numbers read like CF202611220001: the day and a per-day counter, allocated atomically. */
export async function nextFlowNo(db: Db, now = new Date()): Promise<string> {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const row = await db
    .insertInto('flow_no_seq')
    .values({ day, last: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet({ last: sql`flow_no_seq.last + 1` }))
    .returning('last')
    .executeTakeFirstOrThrow();
  return `CF${day}${String(row.last).padStart(4, '0')}`;
}
