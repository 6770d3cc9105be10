import type { Db } from '#db/connection.ts';
import type { FlowContact } from '#domain/cert-flow/flow-detail.ts';
import type { StaffPrincipal } from '#domain/identity.ts';
import { forbidden, notFound } from '#domain/errors.ts';
import { mayRevealContact } from '#domain/cert-flow/rules.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';

/**
 * POST /v1/cert-flow-node/contact-reveal: the supplier contact in clear, for those the row's admin
 * flag allows (req flow §2.3). Every reveal is recorded in the flow's change log in the same
 * transaction, so who looked at personal data is traceable.
 */
export async function revealContact(db: Db, flowNo: string, staff: StaffPrincipal): Promise<FlowContact> {
  return db.transaction().execute(async (trx) => {
    const flow = await trx
      .selectFrom('cert_flow')
      .select(['flow_no', 'purchase_job_number', 'cmt_leader_job_number', 'contact_name', 'contact_email', 'contact_area_code', 'contact_number'])
      .where('flow_no', '=', flowNo)
      .executeTakeFirst();
    if (!flow) throw notFound('flowNotFound');
    if (!mayRevealContact({ purchaseJobNumber: flow.purchase_job_number, cmtLeaderJobNumber: flow.cmt_leader_job_number }, staff)) throw forbidden('contactRevealForbidden');
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: staff,
      action: 'REVEAL_CONTACT',
      description: '查看联系人信息',
      detail: { jobNumber: staff.jobNumber },
    });
    return {
      contactName: flow.contact_name,
      contactEmail: flow.contact_email,
      contactAreaCode: flow.contact_area_code,
      contactNumber: flow.contact_number,
    };
  });
}
