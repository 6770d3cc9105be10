import { clearStaleBusinessLicence, onCertifiedRegionChange } from '#domain/rfi/dependencies.ts';
import { SUPPLIER_READ_ONLY_COMPANY_FIELDS } from '#domain/rfi/sections/index.ts';
import { schemaOf, type ApplicationState } from './questionnaire.ts';

/** Step 1's server-side rules around what the supplier sends (req rfi §3, §4, §6). */

type Values = Record<string, unknown>;

/** Fields only staff see and set: a supplier neither reads nor overwrites them. */
const STAFF_ONLY_FIELDS = ['supplierShortName'] as const;

/** The values the supplier cannot change: the flow's credit code when it has one, else the stored ones. */
function readOnlyValues(app: Pick<ApplicationState, 'flowCreditCode'>, stored: Values | undefined): Values {
  const out: Values = {};
  for (const key of SUPPLIER_READ_ONLY_COMPANY_FIELDS) out[key] = stored?.[key] ?? null;
  if (app.flowCreditCode) out.creditCode = app.flowCreditCode;
  return out;
}

/**
 * Company values as a reader sees them: the credit code of the flow, and its certification region until the
 * questionnaire stores one of its own; no staff fields for the supplier.
 */
export function companyForReader(app: ApplicationState, stored: Values | undefined, staff: boolean): Values | undefined {
  if (!stored && !app.flowCreditCode) return undefined;
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  let out: Values = { ...(stored ?? {}) };
  // A questionnaire with no region and no address yet starts from the flow's region, as if the supplier had chosen it.
  if (blank(out.certifiedRegion) && blank(out.countryCode) && app.flowCertifiedRegion !== null) out = onCertifiedRegionChange(out, app.flowCertifiedRegion);
  if (app.flowCreditCode) out.creditCode = app.flowCreditCode;
  if (!staff) for (const key of STAFF_ONLY_FIELDS) delete out[key];
  return out;
}

/**
 * What a save of step 1 is checked and stored as:
 * - a supplier's read-only fields keep their stored (or the flow's) values whatever was sent,
 *   before the rules run, so the rules see the real values;
 * - a changed name or registered address drops the old business licence (req rfi §4), compared on
 *   the normalised values so a stray space changes nothing; a full save then asks for a new one.
 */
export function prepareCompanySave(app: ApplicationState, stored: Values | undefined, sent: Values, staff: boolean): Values {
  const input = staff ? sent : { ...sent, ...readOnlyValues(app, stored) };
  const normal = schemaOf('company', 'draft', staff).safeParse(input);
  // Invalid input is refused by the caller's parse, which names the fields.
  return normal.success ? clearStaleBusinessLicence(stored, normal.data as Values) : input;
}

/** A supplier's save keeps the staff-only values already stored (the supplier's shape drops them). */
export function keepStaffFields(stored: Values | undefined, saved: Values, staff: boolean): Values {
  if (staff || !stored) return saved;
  const kept: Values = {};
  for (const key of STAFF_ONLY_FIELDS) if (stored[key] !== undefined && stored[key] !== null) kept[key] = stored[key];
  return { ...saved, ...kept };
}
