import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';
import { insertAppliedFlow } from './flow-at-node.ts';

const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A staff member of its own (no roles) with a live session; returns the cookie header to send. */
export async function newStaffCaller(db: Db, name = '测试员工'): Promise<{ id: string; cookie: string }> {
  const n = crypto.randomBytes(4).toString('hex');
  const staff = await db
    .insertInto('staff')
    .values({ job_number: `T${n}`, username: `t${n}`, name, email: `t${n}@example.com`, password_hash: 'not-a-login', roles: JSON.stringify([]) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db.insertInto('staff_session').values({ token_hash: hashToken(token), staff_id: staff.id, expires_at: inAnHour() }).execute();
  return { id: staff.id, cookie: `staff_session=${token}` };
}

/**
 * A supplier invited to a flow's RFI and logged in: a cert_flow row, its RFI application, and a
 * supplier session. Returns the Authorization header to send.
 */
export async function newSupplierCaller(db: Db, secret: string): Promise<{ applyNo: string; authorization: string }> {
  const { flowNo, email } = await insertAppliedFlow(db);
  const { applyNo } = await issueRfiInvitation(db, { flowNo, email, locale: 'zh', secret });
  const token = newToken();
  await db.insertInto('supplier_session').values({ token_hash: hashToken(token), apply_no: applyNo, expires_at: inAnHour() }).execute();
  return { applyNo, authorization: `Bearer ${token}` };
}
