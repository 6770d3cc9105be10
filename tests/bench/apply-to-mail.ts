import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import type { RunningStack } from '#infra/stack.ts';
import { certFlowWorkflowId, stateQuery } from '#workflows/definitions.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { loginCookie } from '../support/staff-login.ts';
import { ms, percentile, printTable, ratio } from './stats.ts';

const RUNS = 50;

/**
 * Apply → invitation mail in the outbox, over 50 sequential applications through the HTTP API.
 * Baseline in the same run: the bare Temporal round trip of asking a running flow a query,
 * the floor of any answer that involves the workflow engine.
 */
export async function benchApplyToMail(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const cookie = await loginCookie(stack.appUrl);
  const client = new Client({ connection: await Connection.connect({ address: stack.temporalAddress }) });
  const latencies: number[] = [];
  const baseline: number[] = [];
  let lastFlow = '';

  for (let i = 0; i < RUNS; i++) {
    const input = await validRegisterApply(db, { contactEmail: `bench-${i}-${Date.now()}@example.com` });
    const t0 = performance.now();
    const res = await fetch(`${stack.appUrl}/v1/cert-flow-node/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(input),
    });
    if (res.status !== 201) throw new Error(`apply failed: ${res.status} ${await res.text()}`);
    lastFlow = (await res.json()).data.flowNo;
    for (;;) {
      const mail = await db.selectFrom('mail_outbox').select('id').where('to_address', '=', input.contactEmail).executeTakeFirst();
      if (mail) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    latencies.push(performance.now() - t0);
  }

  const handle = client.workflow.getHandle(certFlowWorkflowId(lastFlow));
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await handle.query(stateQuery);
    baseline.push(performance.now() - t0);
  }
  await client.connection.close();

  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const b50 = percentile(baseline, 50);
  printTable(`Apply → invitation mail in the outbox (${RUNS} sequential applications)`, [
    ['p50', ms(p50)],
    ['p95', ms(p95)],
    ['baseline: workflow query round trip p50', ms(b50)],
    ['p50 / baseline p50', ratio(p50, b50)],
    ['p95 / baseline p50', ratio(p95, b50)],
  ]);
}
