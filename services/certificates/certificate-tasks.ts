import { sql } from 'kysely';
import { CERTIFICATE_TASK, CERTIFICATE_TASK_NAME, CERTIFICATE_TASK_NODE_NAME, type CertificateTaskType, renewalPagePath, supplierPagePath } from '#domain/certificates/certificate.ts';
import { openTasksOf, taskFields, type OpenTaskKind } from '#services/cert-flow/open-tasks.ts';

/**
 * Certificates' tasks on "my open tasks": a certificate ending or ended (its flow_no is the supplier's number; it opens
 * the supplier's page), and a renewal waiting for its approver (its flow_no is the renewal's number; it opens the
 * renewal with the approval card).
 */
export const listCertificateTasks: OpenTaskKind = async (db, jobNumber, locale, now) => {
  const rows = await openTasksOf(db, jobNumber)
    .leftJoin('certificate_renewal as r', (j) => j.onRef('r.renewal_no', '=', 't.flow_no').on('t.task_type', '=', CERTIFICATE_TASK.renewal))
    .innerJoin('supplier as s', (j) => j.on(sql`s.supplier_no`, '=', sql`coalesce(r.supplier_no, t.flow_no)`))
    .select(['t.task_no', 't.task_type', 't.created_at', 't.flow_no', 's.supplier_no', 's.name'])
    .where('t.node_code', '=', CERTIFICATE_TASK.nodeCode)
    .where((eb) => eb.or([eb('t.task_type', '!=', CERTIFICATE_TASK.renewal), eb('r.status', '=', 'approving')]))
    .execute();
  return rows.map((r) => ({
    ...taskFields(r, now),
    flowNo: r.flow_no,
    supplierName: r.name,
    nodeCode: CERTIFICATE_TASK.nodeCode,
    nodeName: CERTIFICATE_TASK_NODE_NAME[locale],
    taskName: CERTIFICATE_TASK_NAME[r.task_type as CertificateTaskType][locale],
    link: r.task_type === CERTIFICATE_TASK.renewal ? renewalPagePath(r.flow_no) : supplierPagePath(r.supplier_no),
  }));
};
