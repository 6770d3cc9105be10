import type { BenchStack } from './shapes.ts';
import { factoryRow, productLineRow } from '../support/rfi-cases/fixtures.ts';
import { FACTORY_ROWS, PRODUCT_LINE_ROWS } from '#domain/rfi/sections/index.ts';
import { invitedSupplier } from '../support/rfi-questionnaire.ts';
import { CONNECTIONS, DURATION_S, measure } from './measure.ts';
import { ms, printTable, ratio } from './stats.ts';
import { sql } from 'kysely';
import { cpuRows, watchCpu } from './cpu-use.ts';

const REQUEST_KEYS = process.env.BENCH_REQUEST_KEYS === '1';

/** The largest step as a supplier sends it on Next: step 6 with 10 factories and 10 product lines. */
export function largestStep() {
  return {
    holdFactory: true,
    holdProductLine: true,
    factoryList: Array.from({ length: FACTORY_ROWS.max }, (_, i) => ({ ...factoryRow(), baseName: `苏州工厂${i + 1}` })),
    qaFactoryList: [],
    productLineList: Array.from({ length: PRODUCT_LINE_ROWS.max }, (_, i) => ({ ...productLineRow(), productLine: `骨架焊接线${i + 1}` })),
  };
}

/**
 * POST /v1/rfi/save-quality-factory-info?save=true with the largest step (full rules, version
 * check, change-log row in one transaction), against the bare GET /v1/ping in the same run.
 * Every connection saves its own application and sends back the version each save returns, as the
 * form does, so no save is refused as stale.
 */
export async function benchLargestSave(stack: BenchStack): Promise<void> {
  const db = stack.db.db;
  const suppliers = await Promise.all(Array.from({ length: CONNECTIONS }, () => invitedSupplier(db, stack.config.appSecret, { supplierName: 'bench' })));
  const dataJson = JSON.stringify(largestStep());
  let next = 0;
  const { rows: [{ name: database }] } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  // CPU by part (API processes, PostgreSQL, the driver) per request: what the load outside does not distort much.
  const watch = () => watchCpu({ workerPid: stack.processes?.worker.pid, temporalPid: stack.processes?.temporal.pid, database });

  const pingWatch = watch();
  const ping = await measure({ url: `${stack.appUrl}/v1/ping` });
  const pingCpu = pingWatch.stop();
  const saveWatch = watch();
  const save = await measure({
    url: `${stack.appUrl}/v1/rfi/save-quality-factory-info?save=true`,
    method: 'POST',
    setupClient: (client) => {
      const s = suppliers[next++ % suppliers.length];
      // The form's data serialised once, not per answer: the driver shares the cores with the server it measures.
      const body = (version: number) => `{"data":${dataJson},"version":${version}}`;
      // Each connection is one supplier: its own session and, in the path, its own temp. BENCH_REQUEST_KEYS=1
      // sends each save with a request key of its own, as the web client does (api/http/request-keys.ts).
      const headers = (n: number) => ({
        authorization: s.authorization,
        'content-type': 'application/json',
        ...(REQUEST_KEYS ? { 'idempotency-key': `bench-${s.temp.slice(0, 8)}-${n}` } : {}),
      });
      let sent = 0;
      client.setRequests([{ method: 'POST', path: `/v1/rfi/save-quality-factory-info?save=true&temp=${s.temp}`, headers: headers(sent), body: body(1) }]);
      client.on('body', (raw) => {
        const version = (JSON.parse(raw.toString()) as { data?: { version?: number } }).data?.version;
        if (version) client.setHeadersAndBody(headers(++sent), body(version));
      });
    },
  });
  const saveCpu = saveWatch.stop();

  printTable(`Largest questionnaire save (step 6: ${FACTORY_ROWS.max} factories, ${PRODUCT_LINE_ROWS.max} product lines, save=true${REQUEST_KEYS ? ', a request key each' : ''}), ${CONNECTIONS} connections × ${DURATION_S} s`, [
    ['GET /v1/ping', `${ping.rps.toFixed(0)} req/s, p50 ${ms(ping.p50)}, p95 ${ms(ping.p95)} (${ping.errors} errors)`],
    ['POST save-quality-factory-info', `${save.rps.toFixed(0)} req/s, p50 ${ms(save.p50)}, p95 ${ms(save.p95)} (${save.errors} errors)`],
    ['save / ping throughput', ratio(save.rps, ping.rps)],
    ['save p50 / ping p50', ratio(save.p50, ping.p50)],
    ['CPU during the pings', ''],
    ...cpuRows(pingCpu, { count: ping.rps * DURATION_S, what: 'ping' }),
    ['CPU during the saves', ''],
    ...cpuRows(saveCpu, { count: save.rps * DURATION_S, what: 'save' }),
  ]);
}
