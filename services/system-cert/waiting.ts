import type { Db } from '#db/connection.ts';
import { systemCertWaitingFor } from '#domain/cert-flow/nodes/system-cert.ts';
import type { Locale } from '#domain/i18n.ts';

/** What each listed flow's open system certification waits for, by flow number (domain systemCertWaitingFor). */
export async function systemCertWaits(db: Db, tasks: readonly { flowNo: string; principalJobNumber: string }[], locale: Locale): Promise<Map<string, string>> {
  if (!tasks.length) return new Map();
  const rows = await db
    .selectFrom('system_cert_item')
    .select(['flow_no', 'index_code', 'approve_expert_id', 'approve_expert_name', 'submitted'])
    .where('flow_no', 'in', tasks.map((t) => t.flowNo))
    .execute();
  const waits = new Map<string, string>();
  for (const task of tasks) {
    const items = rows
      .filter((r) => r.flow_no === task.flowNo)
      .map((r) => ({ indexCode: r.index_code, approveExpertId: r.approve_expert_id, approveExpertName: r.approve_expert_name, submitted: r.submitted }));
    const wait = systemCertWaitingFor(items, task.principalJobNumber, locale);
    if (wait) waits.set(task.flowNo, wait);
  }
  return waits;
}
