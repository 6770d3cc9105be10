import type { DbOrTrx } from '#db/connection.ts';

/** Which login refused: staff password, questionnaire link code, or supplier portal code. */
export type LoginKind = 'staff' | 'rfi' | 'portal';

export interface RefusedLogin {
  kind: LoginKind;
  /** The username or e-mail tried, as sent (a guess at someone else's account is the point of the row). */
  subject: string | null;
  ip: string | null;
  /** The answer's HTTP status: 401 wrong, 429 throttled, 400 a refused code or bad input. */
  status: number;
}

/**
 * The one writer of the login audit: a row per refused login. Not the operation history, whose rows
 * belong to a flow's change logs; a refused login has no flow and often no account.
 */
export async function recordRefusedLogin(db: DbOrTrx, login: RefusedLogin): Promise<void> {
  await db
    .insertInto('login_audit')
    .values({ kind: login.kind, subject: login.subject?.slice(0, 200) ?? null, ip: login.ip, status: login.status })
    .execute();
}
