import type { RunningStack } from '#infra/stack.ts';
import { insertFlowAtNode } from '../support/flow-at-node.ts';
import { client } from '../support/http-client.ts';
import { fullMaster } from '../support/release-form.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { staffSession } from '../support/sessions.ts';
import { CONNECTIONS, DURATION_S, measure } from './measure.ts';
import { ms, printTable, ratio } from './stats.ts';

const PM = 'E10002'; // the purchasing manager of the flows insertFlowAtNode records: KCP2's principal

/**
 * POST /v1/supplier-release/save-supplier-info with a full master (3 banks, 5 purchase groups, 10
 * contacts: draft rules, stored-file check of the bank certificates, version check, history row in one
 * transaction) against the bare GET /v1/ping in the same run; the figure is the p95 ratio. Every
 * connection saves its own flow's form and sends back the version each save returns, as the form does.
 */
export async function benchReleaseSave(stack: RunningStack): Promise<void> {
  const db = stack.db.db;
  const pm = await staffSession(db, PM);
  const api = client(stack.appUrl).as(pm);
  const upload = await api.upload('/common/v1/file', 'bank-licence.pdf', pdfBytes('bank licence'), 'application/pdf');
  const form = fullMaster(upload.body.data.url as string);
  const flows: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const { flowNo } = await insertFlowAtNode(db, 'KCP2', { supplierName: 'bench' });
    const started = await api.post('/v1/supplier-assessment/init_supplier-pre-release', { flowNo });
    if (started.status !== 200) throw new Error(`could not apply for a supplier code: ${started.status} ${JSON.stringify(started.body)}`);
    flows.push(flowNo);
  }
  let next = 0;

  const ping = await measure({ url: `${stack.appUrl}/v1/ping` });
  const save = await measure({
    url: `${stack.appUrl}/v1/supplier-release/save-supplier-info`,
    method: 'POST',
    setupClient: (c) => {
      const flowNo = flows[next++ % flows.length]!;
      const body = (version: number) => JSON.stringify({ flowNo, version, form });
      c.setRequests([{ method: 'POST', path: '/v1/supplier-release/save-supplier-info', headers: { cookie: pm.cookie, 'content-type': 'application/json' }, body: body(1) }]);
      c.on('body', (raw) => {
        const version = (JSON.parse(raw.toString()) as { data?: { version?: number } }).data?.version;
        if (version) c.setBody(body(version));
      });
    },
  });

  printTable(`Release form save (full master: 3 banks, 5 purchase groups, 10 contacts), ${CONNECTIONS} connections × ${DURATION_S} s`, [
    ['GET /v1/ping', `${ping.rps.toFixed(0)} req/s, p50 ${ms(ping.p50)}, p95 ${ms(ping.p95)} (${ping.errors} errors)`],
    ['POST save-supplier-info', `${save.rps.toFixed(0)} req/s, p50 ${ms(save.p50)}, p95 ${ms(save.p95)} (${save.errors} errors)`],
    ['save p95 / ping p95', ratio(save.p95, ping.p95)],
    ['save / ping throughput', ratio(save.rps, ping.rps)],
  ]);
}
