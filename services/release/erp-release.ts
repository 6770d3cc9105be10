import { ErpRefusal, type ErpBank, type ErpClient, type ErpVendorInput } from '#adapters/erp/erp-client.ts';
import type { Db } from '#db/connection.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { SYSTEM_ACTOR } from '#domain/identity.ts';
import { bankCodeKind, hasOverseasOrders, isEuBank, type ReleaseBankRow, type ReleaseForm } from '#domain/release/release-form.ts';
import { SUPPLIER_SOURCE } from '#domain/release/release-requests.ts';
import { conflict, notFound } from '#domain/errors.ts';
import { flowLogOf, writeHistory } from '#services/history/write-history.ts';
import { openErpRefusalTask } from './erp-refusal-task.ts';
import { loadRelease } from './release-row.ts';

/**
 * The approved release form sent to the ERP (req flow §4.5): the vendor as the ERP's Business Partner
 * shape, checked against the ERP's configuration, created with an idempotency key, and the outcome —
 * the official supplier code (status 40) or the ERP's refusal (status 30) — recorded.
 */

/** The release form as the ERP's vendor (pure). */
export function erpVendorOf(form: ReleaseForm): ErpVendorInput {
  const info = form.basicInfo;
  const supplierName = info.supplierName ?? '';
  return {
    organizationName: supplierName,
    searchTerm: info.supplierShortName ?? supplierName.slice(0, 20),
    taxNumber: info.creditCode ?? '',
    address: {
      country: info.countryCode ?? '',
      ...(info.provinceCode ? { region: info.provinceCode } : {}),
      cityName: info.city ?? '',
      streetName: info.address ?? '',
      postalCode: info.postalCode ?? '',
      ...(info.companyPhone ? { phoneNumber: info.companyPhone } : {}),
    },
    banks: form.bankList.map((b) => erpBankOf(b, info.countryCode ?? '', supplierName)),
    companies: form.purchase.companyCodes.map((companyCode) => ({
      companyCode,
      reconciliationAccount: form.purchase.reconcileAccounts ?? '',
      paymentMethodsList: form.purchase.paymentMethodCode ?? '',
    })),
    purchasingOrgs: form.purchaseGroupList.flatMap((g) =>
      g.purchaseGroupCodes.map((purchasingOrganization) => ({
        purchasingOrganization,
        purchaseOrderCurrency: g.purchaseOrderCurrency ?? '',
        paymentTerms: g.paymentTerms ?? '',
        ...(hasOverseasOrders(g) ? { incotermsClassification: g.termsOfTrade, incotermsLocation1: g.portOfShipment, incotermsLocation2: g.portOfArrival } : {}),
      })),
    ),
  };
}

/**
 * An EU account is its IBAN and BIC; any other its account number at its bank, named by a BIC (the ERP's
 * SWIFT code) or by a 12-digit CNAPS code (the ERP's bank key: the bank's number in its country).
 */
function erpBankOf(b: ReleaseBankRow, companyCountry: string, supplierName: string): ErpBank {
  const common = { bankAccountHolderName: b.accountName ?? supplierName, bankName: b.bankName ?? '', isDefault: b.defaultAccount === 1 };
  if (isEuBank(b)) {
    return { ...common, bankCountryKey: b.bankCountryCode ?? b.bankIbanno?.slice(0, 2) ?? companyCountry, iban: b.bankIbanno, swiftCode: b.bankBic };
  }
  const code = b.bankSwiftCode?.replace(/\s+/g, '').toUpperCase();
  const bank = code && bankCodeKind(code) === 'CNAPS' ? { bankNumber: code } : { swiftCode: code };
  return { ...common, bankCountryKey: b.bankCountryCode ?? companyCountry, bankAccount: b.bankCardNum, ...bank };
}

/**
 * Sends the approved release to the ERP once (for the integrator's activity after the approval). The
 * form must be submitted; a recorded code or refusal is answered again without calling the ERP, and the
 * idempotency key makes a retried call return the vendor the first one created. A form switched to an
 * existing ERP vendor (source OTHER) creates nothing: that vendor's code is recorded. Infrastructure
 * errors of the ERP are thrown (the activity retries); its refusals are recorded and answered.
 */
export async function sendReleaseToErp(deps: { db: Db; erp: ErpClient }, input: { flowNo: string; idempotencyKey: string }): Promise<{ supplierCode: string } | { refused: string }> {
  const row = await loadRelease(deps.db, input.flowNo);
  if (!row) throw notFound('releaseNotStarted');
  if (row.status === RELEASE_STATUS.APPROVED && row.supplierCode) return { supplierCode: row.supplierCode };
  if (row.status === RELEASE_STATUS.REJECTED && row.sapResult) return { refused: row.sapResult };
  if (row.status !== RELEASE_STATUS.SUBMITTED) throw conflict('releaseNotSubmitted');
  if (row.supplierSource === SUPPLIER_SOURCE.OTHER && row.supplierCode) return record(deps.db, input.flowNo, input.idempotencyKey, { supplierCode: row.supplierCode, source: SUPPLIER_SOURCE.OTHER });

  try {
    // The adapter checks the vendor against the ERP's configuration first and refuses in the ERP's words.
    const created = await deps.erp.createVendor(erpVendorOf(row.form), input.idempotencyKey);
    return await record(deps.db, input.flowNo, input.idempotencyKey, { supplierCode: created.supplier, source: SUPPLIER_SOURCE.SAP });
  } catch (err) {
    if (err instanceof ErpRefusal) return record(deps.db, input.flowNo, input.idempotencyKey, { refused: err.message });
    throw err;
  }
}

type Outcome = { supplierCode: string; source: string } | { refused: string };

/** Records the outcome on the release, the flow (its code column) and the flow's log, once. */
async function record(db: Db, flowNo: string, idempotencyKey: string, outcome: Outcome): Promise<{ supplierCode: string } | { refused: string }> {
  await db.transaction().execute(async (trx) => {
    const row = await loadRelease(trx, flowNo, { forUpdate: true });
    // A concurrent call recorded it first: keep the first outcome.
    if (!row || row.status !== RELEASE_STATUS.SUBMITTED) return;
    if ('refused' in outcome) {
      await trx.updateTable('supplier_release').set({ status: RELEASE_STATUS.REJECTED, sap_result: outcome.refused, updated_at: new Date() }).where('flow_no', '=', flowNo).execute();
      await writeHistory(trx, {
        relation: flowLogOf(flowNo),
        actor: SYSTEM_ACTOR,
        action: 'SUPPLIER_CODE_REFUSED',
        description: `SAP processing failure message returned: ${outcome.refused}`,
        detail: { message: outcome.refused },
      });
      await openErpRefusalTask(trx, { flowNo, approvalNo: idempotencyKey });
      return;
    }
    const form = { ...row.form, basicInfo: { ...row.form.basicInfo, supplierCode: outcome.supplierCode } };
    await trx
      .updateTable('supplier_release')
      .set({ status: RELEASE_STATUS.APPROVED, supplier_code: outcome.supplierCode, supplier_source: outcome.source, sap_result: null, form: JSON.stringify(form), updated_at: new Date() })
      .where('flow_no', '=', flowNo)
      .execute();
    await trx.updateTable('cert_flow').set({ supplier_code: outcome.supplierCode, updated_at: new Date() }).where('flow_no', '=', flowNo).execute();
    await writeHistory(trx, {
      relation: flowLogOf(flowNo),
      actor: SYSTEM_ACTOR,
      action: 'SUPPLIER_CODE_RELEASED',
      description: `SAP生成供应商编码：${outcome.supplierCode}`,
      detail: { supplierCode: outcome.supplierCode, source: outcome.source },
    });
  });
  const now = await loadRelease(db, flowNo);
  if (now?.status === RELEASE_STATUS.APPROVED && now.supplierCode) return { supplierCode: now.supplierCode };
  return { refused: now?.sapResult ?? ('refused' in outcome ? outcome.refused : '') };
}
