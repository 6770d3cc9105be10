import { ErpRefusal, type ErpClient, type ErpVendor, type ErpVendorInput } from '#adapters/erp/erp-client.ts';
import { ERP_CODE_LISTS } from '#domain/erp-reference.ts';

export interface FakeErp {
  erp: ErpClient;
  /** Vendors by code, as the ERP holds them. */
  vendors: Map<string, ErpVendor & { input?: ErpVendorInput }>;
  /** createVendor calls, with their idempotency keys. */
  creates: { input: ErpVendorInput; idempotencyKey: string }[];
  /** While set, createVendor refuses with this text. */
  refuse: string | undefined;
}

/**
 * An in-memory ERP for suites that check what the platform asks of the ERP (the HTTP adapter and the
 * simulator have their own tests): the configuration of domain/erp-reference.ts, codes from 40000001,
 * one vendor per idempotency key.
 */
export function fakeErp(): FakeErp {
  const byKey = new Map<string, ErpVendor>();
  const fake: FakeErp = {
    vendors: new Map(),
    creates: [],
    refuse: undefined,
    erp: {
      configuration: async () => structuredClone(ERP_CODE_LISTS),
      findVendorByTaxNumber: async (taxNumber) => [...fake.vendors.values()].find((v) => v.taxNumber === taxNumber),
      createVendor: async (input, idempotencyKey) => {
        fake.creates.push({ input, idempotencyKey });
        const earlier = byKey.get(idempotencyKey);
        if (earlier) return earlier;
        if (fake.refuse) throw new ErpRefusal(fake.refuse);
        const vendor = { supplier: String(40000001 + fake.vendors.size), organizationName: input.organizationName, taxNumber: input.taxNumber };
        fake.vendors.set(vendor.supplier, { ...vendor, input });
        byKey.set(idempotencyKey, vendor);
        return vendor;
      },
    },
  };
  return fake;
}
