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

/** The vendor changes the test run's ERP simulator recorded for a supplier number. */
export async function erpVendorChangesOf(supplierCode: string): Promise<{ ChangeId: string; Supplier: string }[]> {
  const filter = encodeURIComponent(`Supplier eq '${supplierCode}'`);
  const res = await fetch(`${erpUrl()}/sap/opu/odata/sap/ZSUPPLIER_MASTER_CHANGE_SRV/VendorChange?$filter=${filter}&$format=json`);
  const body = (await res.json()) as { d: { results: { ChangeId: string; Supplier: string }[] } };
  return body.d.results;
}

/** The vendor's bank accounts as the test run's ERP simulator holds them. */
export async function erpBanksOf(supplierCode: string): Promise<{ BankAccount?: string; IBAN?: string; BankAccountHolderName: string }[]> {
  const res = await fetch(`${erpUrl()}/sap/opu/odata/sap/API_BUSINESS_PARTNER/A_BusinessPartner('${supplierCode}')?$expand=to_BusinessPartnerBank&$format=json`);
  const body = (await res.json()) as { d: { to_BusinessPartnerBank: { results: { BankAccount?: string; IBAN?: string; BankAccountHolderName: string }[] } } };
  return body.d.to_BusinessPartnerBank.results;
}
