import crypto from 'node:crypto';
import type { Db } from '#db/connection.ts';
import { hashToken, newToken } from '#adapters/security/tokens.ts';
import { issueRfiInvitation } from '#services/rfi/invitation.ts';

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
  const flowNo = `T${Date.now()}${crypto.randomBytes(3).toString('hex')}`;
  const email = `${flowNo.toLowerCase()}@supplier.example.com`;
  await db
    .insertInto('cert_flow')
    .values({
      flow_no: flowNo,
      apply_type: 1,
      supplier_no: null,
      supplier_code: null,
      supplier_name: '苏州精密冲压有限公司',
      category_list: JSON.stringify([]),
      cmt_code: 'CMT1',
      cert_scenario: 'S1',
      apply_reason: 'test',
      recommend_job: 'J1',
      recommend_name: 'R',
      contact_name: '张伟',
      contact_email: email,
      contact_area_code: '+86',
      contact_number: '13800138000',
      certified_region: null,
      credit_code: null,
      node_plan: JSON.stringify([]),
      stage: 10,
      current_node_code: 'RFI',
      purchase_job_number: 'J1',
      cmt_leader_job_number: 'J2',
      workflow_id: `cert-flow-${flowNo}`,
      created_by: 'test',
    })
    .execute();
  const { applyNo } = await issueRfiInvitation(db, { flowNo, email, locale: 'zh', secret });
  const token = newToken();
  await db.insertInto('supplier_session').values({ token_hash: hashToken(token), apply_no: applyNo, expires_at: inAnHour() }).execute();
  return { applyNo, authorization: `Bearer ${token}` };
}
