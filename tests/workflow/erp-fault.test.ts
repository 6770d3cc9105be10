import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTemporalFlowGateway } from '#adapters/temporal/flow-gateway.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import type { StaffActor } from '#domain/identity.ts';
import { eventually } from '../support/fixtures.ts';
import { flowDriver, PM_ACTOR } from '../support/drive-flow.ts';
import { erpUrl, testErp } from '../support/erp.ts';
import { validReleaseForm } from '../support/release-form.ts';
import { killWorker } from '../support/worker-child.ts';
import { cleanupsAfterAll, startWorkerChildStack } from '../support/worker-child-stack.ts';

const CMT_ACTOR: StaffActor = { id: 'cmt', jobNumber: 'E10010', name: '李强' };

/**
 * The ERP call of an approved supplier code (req flow §4.5) survives the worst moment for it: the
 * worker dies after the ERP has created the vendor but before its answer arrived. A new worker
 * retries with the same idempotency key and gets the same vendor: one vendor in the ERP, one code.
 */
describe('a worker killed while the ERP call is in flight', () => {
  const cleanups = cleanupsAfterAll();

  // A worker process needs a database another process can open: real Postgres (CI sets DATABASE_URL).
  it.skipIf(!process.env.DATABASE_URL)(
    'the retried call answers the vendor the first call created',
    async () => {
      const { db, dbHandle, gateway, client, startWorker: startWorkerWith } = await startWorkerChildStack('erp-fault', cleanups);
      const flows = createTemporalFlowGateway(gateway);
      const drive = flowDriver({ db: dbHandle, flows, client });

      // Between the worker and the ERP simulator: passes every call on, but while `holding`, keeps the
      // ERP's answer to a vendor creation to itself — the vendor exists, the worker never hears of it.
      let holding = true;
      const creations: number[] = [];
      let created: () => void = () => undefined;
      const vendorCreated = new Promise<void>((resolve) => (created = resolve));
      const proxy = http.createServer(async (req, res) => {
        const body = await new Promise<Buffer>((resolve) => {
          const chunks: Buffer[] = [];
          req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
        });
        const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)) as [string, string][]);
        const upstream = await fetch(`${erpUrl()}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : new Uint8Array(body) });
        const answer = Buffer.from(await upstream.arrayBuffer());
        const isCreation = req.method === 'POST' && /A_BusinessPartner$/.test(new URL(req.url!, 'http://x').pathname);
        if (isCreation) creations.push(upstream.status);
        if (isCreation && holding) {
          created();
          return; // the answer is lost with the worker
        }
        res.writeHead(upstream.status, Object.fromEntries(upstream.headers.entries()));
        res.end(answer);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise((resolve) => proxy.close(resolve)));
      proxy.unref();
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

      const startWorker = () => startWorkerWith({ ERP_URL: proxyUrl });

      const first = await startWorker();
      const { flowNo, handle } = await drive.start();
      await drive.reach(flowNo, handle, 'KCP2');
      const creditCode = `91310000${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
      const form = validReleaseForm();
      form.basicInfo.creditCode = creditCode;
      await db.insertInto('supplier_release').values({ flow_no: flowNo, status: RELEASE_STATUS.SAVED, form: JSON.stringify(form), updated_by: PM_ACTOR.jobNumber }).execute();
      await flows.startApproval(flowNo, { kind: 'SUPPLIER_CODE', actor: PM_ACTOR });
      await flows.decideApproval(flowNo, { kind: 'SUPPLIER_CODE', decision: 'pass', actor: CMT_ACTOR });

      await vendorCreated;
      await killWorker(first);
      const vendor = await testErp().findVendorByTaxNumber(creditCode);
      expect(vendor?.supplier).toMatch(/^\d{8}$/);
      const release = () => db.selectFrom('supplier_release').select(['status', 'supplier_code']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
      expect(await release()).toMatchObject({ status: RELEASE_STATUS.SUBMITTED, supplier_code: null });

      // The heartbeat timeout (10 s) hands the call to the new worker, which gets the ERP's answer.
      holding = false;
      await startWorker();
      await eventually(async () => (await release()).status === RELEASE_STATUS.APPROVED, 90_000);
      expect(await release()).toEqual({ status: RELEASE_STATUS.APPROVED, supplier_code: vendor!.supplier });
      expect(creations).toHaveLength(2);
      expect((await testErp().findVendorByTaxNumber(creditCode))?.supplier).toBe(vendor!.supplier);
      const flow = await db.selectFrom('cert_flow').select('supplier_code').where('flow_no', '=', flowNo).executeTakeFirstOrThrow();
      expect(flow.supplier_code).toBe(vendor!.supplier);
    },
    180_000,
  );
});
