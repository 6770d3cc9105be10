/**
 * The port to the ERP that creates vendors and hands out official supplier codes (req flow §4.5, §7.9).
 * Shaped on the S/4HANA Business Partner API: a business partner (organisation) with its address, tax
 * number, bank accounts, and its supplier, supplier-company and supplier-purchasing-org parts. The
 * HTTP adapter speaks that contract to `ERP_URL`; the embedded default is the ERP simulator process.
 */

/** One bank account of the partner (A_BusinessPartnerBank). */
export interface ErpBank {
  bankCountryKey: string;
  /** The bank's number in its country (SWIFT/branch code for non-EU banks). */
  bankNumber?: string;
  bankAccount?: string;
  iban?: string;
  swiftCode?: string;
  bankAccountHolderName: string;
  bankName: string;
  /** The partner's default account. */
  isDefault: boolean;
}

/** The supplier in one company code (A_SupplierCompany). */
export interface ErpSupplierCompany {
  companyCode: string;
  reconciliationAccount: string;
  paymentMethodsList: string;
}

/** The supplier in one purchasing organisation (A_SupplierPurchasingOrg). */
export interface ErpSupplierPurchasingOrg {
  purchasingOrganization: string;
  purchaseOrderCurrency: string;
  paymentTerms: string;
  incotermsClassification?: string;
  incotermsLocation1?: string;
  incotermsLocation2?: string;
}

/** What the platform asks the ERP to create. */
export interface ErpVendorInput {
  organizationName: string;
  searchTerm: string;
  /** The unified social credit code (or the foreign tax number): how a vendor is found again. */
  taxNumber: string;
  address: { country: string; region?: string; cityName: string; streetName: string; postalCode: string; phoneNumber?: string };
  banks: ErpBank[];
  companies: ErpSupplierCompany[];
  purchasingOrgs: ErpSupplierPurchasingOrg[];
}

/** The ERP's configuration the payload is checked against before it is sent. */
export interface ErpConfiguration {
  companyCodes: string[];
  purchasingOrganizations: string[];
  reconciliationAccounts: string[];
  paymentTerms: string[];
  paymentMethods: string[];
  currencies: string[];
  incoterms: string[];
}

export interface ErpVendor {
  /** The official supplier code (the S/4HANA supplier number). */
  supplier: string;
  organizationName: string;
  taxNumber: string;
}

/** The ERP said no (a validation or business refusal): shown as 'SAP processing failure message returned: …'. */
export class ErpRefusal extends Error {
  override readonly name = 'ErpRefusal';
}

/** What a purchasing block covers: the whole vendor, or only its material groups of the exited categories. */
export type ErpBlockScope = { kind: 'all' } | { kind: 'categories'; categoryCodes: string[] };

export interface ErpClient {
  configuration(): Promise<ErpConfiguration>;
  /** A vendor the ERP already has for this tax number, if any. */
  findVendorByTaxNumber(taxNumber: string): Promise<ErpVendor | undefined>;
  /**
   * Creates the vendor. The idempotency key makes a retry return the vendor the first call created,
   * never a second one. Throws ErpRefusal when the ERP refuses the payload; other errors are
   * infrastructure failures (retried).
   */
  createVendor(input: ErpVendorInput, idempotencyKey: string): Promise<ErpVendor>;
  /**
   * Blocks purchasing from the vendor (a supplier exit, req exit §2.3). Idempotent: the same key blocks
   * once and answers alike on a retry. Throws ErpRefusal when the ERP refuses.
   */
  blockVendor(supplierCode: string, scope: ErpBlockScope, idempotencyKey: string): Promise<void>;
  /**
   * Replaces the vendor's master data (name, address, banks, company and purchasing-org parts) with
   * `input`: an approved information change (req change §2.2). The vendor's tax number identifies it and is
   * not changed here. Idempotent: the same key changes once and answers alike on a retry. Throws
   * ErpRefusal when the ERP refuses (an unknown vendor, a payload it does not accept).
   */
  updateVendor(supplierCode: string, input: ErpVendorInput, idempotencyKey: string): Promise<void>;
}
