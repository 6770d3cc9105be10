import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ErpRefusal, type ErpClient } from '#adapters/erp/erp-client.ts';
import { createHttpErpClient } from '#adapters/erp/http-erp-client.ts';
import { startErpSimulator } from '#infra/erp-simulator/child.ts';
import { erpUrl, testErp } from '../support/erp.ts';
import { newTaxNumber, sampleVendor } from '../support/erp-vendors.ts';
import { freePort } from '../support/ports.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A pass-through to the simulator that notes every request, to see what the adapter sent. */
async function recordingProxy(target: string): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const url = await serve((req, res) => {
    requests.push(`${req.method} ${decodeURIComponent(req.url ?? '')}`);
    const upstream = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  return { url, requests };
}

/** The simulator's partners for a tax number, read straight from its OData service. */
async function partnersWithTaxNumber(baseUrl: string, taxNumber: string, auth?: string): Promise<string[]> {
  const filter = encodeURIComponent(`BPTaxNumber eq '${taxNumber}'`);
  const res = await fetch(`${baseUrl}/sap/opu/odata/sap/API_BUSINESS_PARTNER/A_BusinessPartnerTaxNumber?$filter=${filter}&$format=json`, {
    headers: auth ? { authorization: auth } : {},
  });
  const body = (await res.json()) as { d: { results: { BusinessPartner: string }[] } };
  return body.d.results.map((r) => r.BusinessPartner);
}

const refusalOf = (p: Promise<unknown>) => p.then(() => undefined, (err: unknown) => err);

describe('the ERP adapter against the ERP simulator', () => {
  const erp = testErp();

  it('creates the vendor and answers its eight-digit supplier code; the vendor is found by its tax number', async () => {
    const vendor = sampleVendor();
    const created = await erp.createVendor(vendor, `create-${vendor.taxNumber}`);
    expect(created).toEqual({ supplier: expect.stringMatching(/^\d{8}$/), organizationName: vendor.organizationName, taxNumber: vendor.taxNumber });
    expect(Number(created.supplier)).toBeGreaterThanOrEqual(10_000_000);
    expect(await erp.findVendorByTaxNumber(vendor.taxNumber)).toEqual(created);
    expect(await erp.findVendorByTaxNumber(newTaxNumber())).toBeUndefined();
  });

  it('a retry with the same idempotency key answers the same vendor and creates no second one, even at the same time', async () => {
    const vendor = sampleVendor();
    const first = await erp.createVendor(vendor, `retry-${vendor.taxNumber}`);
    const again = await Promise.all([erp.createVendor(vendor, `retry-${vendor.taxNumber}`), testErp().createVendor(vendor, `retry-${vendor.taxNumber}`)]);
    expect(again).toEqual([first, first]);
    expect(await partnersWithTaxNumber(erpUrl(), vendor.taxNumber)).toEqual([first.supplier]);

    const other = sampleVendor();
    const racing = await Promise.all([erp.createVendor(other, `race-${other.taxNumber}`), testErp().createVendor(other, `race-${other.taxNumber}`)]);
    expect(racing[1]).toEqual(racing[0]);
    expect(await partnersWithTaxNumber(erpUrl(), other.taxNumber)).toEqual([racing[0].supplier]);
  });

  it('another request for a tax number the ERP has is refused with the ERP message, as ErpRefusal', async () => {
    const vendor = sampleVendor();
    const created = await erp.createVendor(vendor, `first-${vendor.taxNumber}`);
    const err = await refusalOf(erp.createVendor({ ...vendor, organizationName: '另一家公司' }, `second-${vendor.taxNumber}`));
    expect(err).toBeInstanceOf(ErpRefusal);
    expect((err as Error).message).toBe(`Tax number ${vendor.taxNumber} is already assigned to business partner ${created.supplier} (${vendor.organizationName})`);
    expect(await partnersWithTaxNumber(erpUrl(), vendor.taxNumber)).toEqual([created.supplier]);
  });

  it('a payload the ERP itself refuses (a bank account without number or IBAN) is an ErpRefusal with its message', async () => {
    const vendor = sampleVendor();
    const [cn] = vendor.banks;
    const err = await refusalOf(erp.createVendor({ ...vendor, banks: [{ ...cn, bankAccount: undefined }] }, `bank-${vendor.taxNumber}`));
    expect(err).toBeInstanceOf(ErpRefusal);
    expect((err as Error).message).toBe('to_BusinessPartnerBank/results/0: enter an account number or an IBAN');
    expect(await erp.findVendorByTaxNumber(vendor.taxNumber)).toBeUndefined();
  });

  it('refuses codes the ERP does not know before sending anything, naming each; the configuration is read once a minute', async () => {
    const proxy = await recordingProxy(erpUrl());
    const viaProxy = createHttpErpClient({ baseUrl: proxy.url });
    const vendor = sampleVendor({
      companies: [{ companyCode: '9000', reconciliationAccount: '2202010000', paymentMethodsList: 'T' }],
      purchasingOrgs: [{ purchasingOrganization: '1000', purchaseOrderCurrency: 'CNY', paymentTerms: 'Z999', incotermsClassification: 'XYZ' }],
    });
    const err = await refusalOf(viaProxy.createVendor(vendor, `unknown-${vendor.taxNumber}`));
    expect(err).toBeInstanceOf(ErpRefusal);
    expect((err as Error).message).toBe('Company code 9000 does not exist; Terms of payment Z999 are not defined; Incoterms XYZ are not defined');
    expect(proxy.requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    expect(await erp.findVendorByTaxNumber(vendor.taxNumber)).toBeUndefined();

    // Corrected, it goes through; the ERP's value helps were asked once for both calls.
    await viaProxy.createVendor(sampleVendor(), 'corrected-after-refusal');
    const valueHelpReads = proxy.requests.filter((r) => r.includes('ZSUPPLIER_ONBOARDING_VH_SRV'));
    expect(valueHelpReads).toHaveLength(7);
    expect(proxy.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });

  it('sends its credentials to the configured ERP only: a paging link to another host is refused, and nothing reaches it', async () => {
    const elsewhere: string[] = [];
    const thief = await serve((req, res) => {
      elsewhere.push(String(req.headers.authorization ?? 'no credentials'));
      res.end('{}');
    });
    const erpLike = await serve((req, res) => {
      res.setHeader('content-type', 'application/json');
      // A value help whose next page is on another host.
      res.end(JSON.stringify({ d: { results: [{ CompanyCode: '1000' }], __next: `${thief}/steal?$skiptoken=1` } }));
    });
    const client = createHttpErpClient({ baseUrl: erpLike, user: 'RFC_USER', password: 'secret' });
    const err = await refusalOf(client.configuration());
    expect((err as Error).message).toMatch(/Refused to call http:\/\/127\.0\.0\.1:\d+: only the configured ERP/);
    expect(elsewhere).toEqual([]);
  });

  it('an ERP that does not answer in time is an ordinary failure (retried), not a refusal', async () => {
    const silent = await serve(() => undefined);
    const started = Date.now();
    const err = await refusalOf(createHttpErpClient({ baseUrl: silent, timeoutMs: 300 }).createVendor(sampleVendor(), 'silent'));
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ErpRefusal);
    expect((err as Error).message).toMatch(/did not answer within 0\.3 s/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('an ERP that cannot be reached or fails is an ordinary failure too', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await refusalOf(createHttpErpClient({ baseUrl: closed }).findVendorByTaxNumber(newTaxNumber()));
    expect(unreachable).toBeInstanceOf(Error);
    expect(unreachable).not.toBeInstanceOf(ErpRefusal);
    expect((unreachable as Error).message).toMatch(/ECONNREFUSED/);

    const broken = await serve((_req, res) => res.writeHead(500).end('short dump'));
    const failed = await refusalOf(createHttpErpClient({ baseUrl: broken }).configuration());
    expect(failed).not.toBeInstanceOf(ErpRefusal);
    expect((failed as Error).message).toMatch(/answered 500/);
  });
});

describe('an ERP simulator of its own (basic auth, restarted)', () => {
  it('asks for its credentials, and keeps its vendors and its numbering across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-restart-'));
    const port = await freePort();
    const credentials = { user: 'RFC_SUPPLIER', password: 'simulator pass phrase' };
    let simulator = await startErpSimulator({ dataDir, port, ...credentials });
    cleanups.push(async () => {
      await simulator.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const erp: ErpClient = createHttpErpClient({ baseUrl: simulator.url, ...credentials });

    const wrong = await refusalOf(createHttpErpClient({ baseUrl: simulator.url, user: credentials.user, password: 'guess' }).findVendorByTaxNumber(newTaxNumber()));
    expect(wrong).not.toBeInstanceOf(ErpRefusal);
    expect((wrong as Error).message).toMatch(/answered 401/);

    const first = sampleVendor();
    const created = await erp.createVendor(first, 'before-restart');
    expect(created.supplier).toBe('10000000');

    await simulator.stop();
    simulator = await startErpSimulator({ dataDir, port, ...credentials });
    // The same adapter: its CSRF token of the old process is refused and fetched anew.
    expect(await erp.findVendorByTaxNumber(first.taxNumber)).toEqual(created);
    expect(await erp.createVendor(first, 'before-restart')).toEqual(created);
    expect((await erp.createVendor(sampleVendor(), 'after-restart')).supplier).toBe('10000001');
  }, 60_000);
});
