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
