import { inject } from 'vitest';
import type { ErpClient } from '#adapters/erp/erp-client.ts';
import { createHttpErpClient } from '#adapters/erp/http-erp-client.ts';

/** The test run's ERP simulator (erp-simulator-setup.ts). */
export function erpUrl(): string {
  return inject('erpUrl');
}

/** The real HTTP adapter, pointed at the test run's ERP simulator. */
export function testErp(opts: { timeoutMs?: number } = {}): ErpClient {
  return createHttpErpClient({ baseUrl: erpUrl(), ...opts });
}

/** The purchasing blocks the test run's ERP simulator recorded for a supplier number. */
export async function erpBlocksOf(supplierCode: string): Promise<{ BlockScope: string; to_MaterialGroup: { results: { MaterialGroup: string }[] } }[]> {
  const filter = encodeURIComponent(`Supplier eq '${supplierCode}'`);
  const res = await fetch(`${erpUrl()}/sap/opu/odata/sap/ZSUPPLIER_PURCHASING_BLOCK_SRV/PurchasingBlock?$filter=${filter}&$format=json`);
  const body = (await res.json()) as { d: { results: { BlockScope: string; to_MaterialGroup: { results: { MaterialGroup: string }[] } }[] } };
  return body.d.results;
}
