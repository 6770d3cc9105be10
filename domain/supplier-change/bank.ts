import { rowsById } from './row-ids.ts';
import { changedFields, sameValue } from './values.ts';

/**
 * Bank changes (docs/decisions/0033-supplier-information-change-1-of-2.md "Supplier information change"): where supplier fraud happens, so they
 * need a new bank certificate, two approvals by two people other than the submitter, and a mail to every
 * contact on file. A bank change is an added, removed or edited account, or another default account; a
 * reordered list is none, and a field sent as undefined, null or '' against a missing one is none.
 */

type BankRow = { rowId?: string; defaultAccount?: unknown; bankCertificate?: unknown; bankCertificateUrl?: unknown } & Record<string, unknown>;
type WithBanks = { bankList?: readonly BankRow[] | null };

/** What the account is, apart from the certificate that proves it and the default flag. */
const NOT_ACCOUNT_DATA = ['rowId', 'defaultAccount', 'bankCertificate', 'bankCertificateUrl'] as const;

const isDefault = (row: BankRow | undefined) => !!row && Number(row.defaultAccount) === 1;
const defaultIdOf = (rows: readonly BankRow[]) => rows.find(isDefault)?.rowId;

export interface BankChanges {
  added: string[];
  removed: string[];
  /** Rows whose account data changed (not only their certificate or default flag). */
  edited: string[];
  /** Rows whose certificate alone changed. */
  recertified: string[];
  defaultChanged: boolean;
}

/** The bank rows of `after` compared with `before`, by row id (a row without an id counts as added). */
export function bankChanges(before: WithBanks, after: WithBanks): BankChanges {
  const old = rowsById(before.bankList ?? []);
  const next = after.bankList ?? [];
  const nextIds = new Set(next.map((r) => r.rowId).filter(Boolean));
  const result: BankChanges = { added: [], removed: [], edited: [], recertified: [], defaultChanged: false };
  next.forEach((row, i) => {
    const was = row.rowId ? old.get(row.rowId) : undefined;
    const id = row.rowId ?? `#${i}`;
    if (!was) result.added.push(id);
    else if (changedFields(was, row, NOT_ACCOUNT_DATA).length) result.edited.push(id);
    else if (!sameValue(was.bankCertificateUrl, row.bankCertificateUrl)) result.recertified.push(id);
  });
  for (const id of old.keys()) if (!nextIds.has(id)) result.removed.push(id);
  // A row on file without an id cannot be matched: it counts as removed.
  (before.bankList ?? []).forEach((row, i) => {
    if (!row.rowId) result.removed.push(`#before${i}`);
  });
  result.defaultChanged = defaultIdOf(before.bankList ?? []) !== defaultIdOf(next);
  return result;
}

/** Spec: a bank change is any added, removed or edited account, a new certificate, or another default account. */
export function isBankChange(before: WithBanks, after: WithBanks): boolean {
  const c = bankChanges(before, after);
  return c.added.length + c.removed.length + c.edited.length + c.recertified.length > 0 || c.defaultChanged;
}

/**
 * The rows that need a new bank certificate: added rows and rows whose account data changed must carry a
 * certificate that is none of those on file (an account proven by another account's certificate proves nothing).
 */
export function rowsNeedingNewCertificate(before: WithBanks, after: WithBanks): number[] {
  const onFile = (before.bankList ?? []).map((r) => r.bankCertificateUrl).filter((u) => !sameValue(u, undefined));
  const c = bankChanges(before, after);
  const needs = new Set([...c.added, ...c.edited]);
  return (after.bankList ?? []).flatMap((row, i) => {
    if (!needs.has(row.rowId ?? `#${i}`)) return [];
    const hasNew = !sameValue(row.bankCertificateUrl, undefined) && !onFile.some((u) => sameValue(u, row.bankCertificateUrl));
    return hasNew ? [] : [i];
  });
}
