import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '#db/connection.ts';
import { createOutboxMailer } from '#adapters/mail/outbox-mailer.ts';
import { createCertFlowActivities, type CertFlowActivities } from '#activities/cert-flow-activities.ts';
import { STAGE, type NodeCode } from '#domain/cert-flow/enums.ts';
import type { StaffActor } from '#domain/identity.ts';
import { insertAppliedFlow } from '../support/flow-at-node.ts';
import { createTestDb } from '../support/test-db.ts';
import { TEST_SECRET } from '../support/workflow-harness.ts';
import { testErp } from '../support/erp.ts';

/**
 * Temporal runs an activity again when the worker running it died before reporting (SIGKILL, the fault
 * loop): every activity of the certification flow, run a second time with the same input, writes no second
 * history row, task or mail.
 */
describe('certification-flow activities run twice', () => {
  let db: Db;
  let close: () => Promise<void>;
  let acts: CertFlowActivities;
  const actor: StaffActor = { id: 'u-e10002', name: '王磊', jobNumber: 'E10002' };

  beforeAll(async () => {
    const handle = await createTestDb();
    db = handle.db;
    close = () => handle.close();
    acts = createCertFlowActivities({ db, mailer: createOutboxMailer(db), erp: testErp(), publicUrl: 'http://localhost:3000', appSecret: TEST_SECRET });
  });
  afterAll(() => close());

  /** The flow's history rows, tasks and mails (keyed by what they are about: the flow or its tasks). */
  const counts = async (flowNo: string) => {
    const app = await db.selectFrom('rfi_application').select('apply_no').where('flow_no', '=', flowNo).executeTakeFirst();
    const n = async (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await q.executeTakeFirstOrThrow()).n);
    return {
      history: await n(db.selectFrom('operation_history').select((eb) => eb.fn.countAll().as('n')).where('relation_code', 'in', [flowNo, app?.apply_no ?? flowNo])),
      tasks: await n(db.selectFrom('cert_task').select((eb) => eb.fn.countAll().as('n')).where('flow_no', '=', flowNo)),
      mails: await n(db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll().as('n')).where(sql<boolean>`dedupe_key ~ ${`(^|[^0-9A-Za-z])${flowNo}([^0-9]|$)`}`)),
    };
  };

  /** Runs the step, then runs it again: the second run must leave every count where the first left it. */
  const twice = async (flowNo: string, name: string, step: () => Promise<unknown>) => {
    await step();
    const once = await counts(flowNo);
    await step();
    expect({ step: name, ...(await counts(flowNo)) }).toEqual({ step: name, ...once });
    return once;
  };

  it('opening and closing every node, re-issuing the invitation, returning a node and ending the flow write each row once', async () => {
    const { flowNo } = await insertAppliedFlow(db);
    const nodes: NodeCode[] = ['RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'KCP2', 'PUBLICITY', 'RELEASE'];
    const openedAt = Date.now();
    let before = await counts(flowNo);
    for (const nodeCode of nodes) {
      const after = await twice(flowNo, `open ${nodeCode}`, () => acts.openNode({ flowNo, nodeCode, openedAt }));
      // The first run did write: the check above compares something.
      expect(after.history, `open ${nodeCode}`).toBeGreaterThan(before.history);
      if (nodeCode === 'RFI') await twice(flowNo, 'reissue', () => acts.reissueRfiLink({ flowNo, inviteSeq: 2, actor }));
      if (nodeCode === 'PUBLICITY') {
        await twice(flowNo, 'return PUBLICITY', () => acts.returnNode({ flowNo, nodeCode, visit: 1, actor }));
        await twice(flowNo, 'open KCP2 again', () => acts.openNode({ flowNo, nodeCode: 'KCP2', visit: 2, openedAt }));
        await twice(flowNo, 'close KCP2 again', () => acts.closeNode({ flowNo, nodeCode: 'KCP2', visit: 2, actor, outcome: 'pass' }));
        await twice(flowNo, 'open PUBLICITY again', () => acts.openNode({ flowNo, nodeCode, visit: 2, openedAt }));
        await twice(flowNo, 'close PUBLICITY', () => acts.closeNode({ flowNo, nodeCode, visit: 2, outcome: 'pass' }));
      } else {
        await twice(flowNo, `close ${nodeCode}`, () => acts.closeNode({ flowNo, nodeCode, actor, outcome: 'pass' }));
      }
      before = await counts(flowNo);
    }
    await twice(flowNo, 'end', () => acts.endFlow({ flowNo, stage: STAGE.FINISHED, actor }));
  });
});
