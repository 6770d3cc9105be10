/**
 * The comparison of a supplier change (req change §2.1): the snapshot taken when the change started (before)
 * against the new version (after), section by section. Pure, so the server, the comparison screens and the
 * approval card show the same differences.
 *
 * - Object sections (company, purchase, invoice) are compared field by field.
 * - List sections (contacts, banks, purchase groups, factories, documents) are matched by each row's
 *   stable `rowId`, never by position: a reordered list is no change, an edited row is one modified row
 *   (not a removed and an added one). A row without a `rowId` (a document, an old row) matches a row of
 *   the other side only when both hold the same values.
 * - Values compare as the bank rule compares them (./values.ts): undefined, null, '' and [] are all "not
 *   given", so a field a form sends empty or leaves out is not a change, and 1 equals '1'. The comparison
 *   therefore shows a bank change exactly when `isBankChange` sees one.
 */

import { CARD_PARTS, type ChangeCard } from './status.ts';
import { isAbsent, sameValue } from './values.ts';

export type DiffChange = 'modified' | 'added' | 'removed';

export const OBJECT_SECTIONS = ['basicInfo', 'purchase', 'invoice'] as const;
export const LIST_SECTIONS = ['contactList', 'bankList', 'purchaseGroupList', 'factoryInfoDtoList', 'documentList'] as const;
export type ObjectSection = (typeof OBJECT_SECTIONS)[number];
export type ListSection = (typeof LIST_SECTIONS)[number];
export type DiffSection = ObjectSection | ListSection;
/** Every part of a supplier master, in the order of its form (the release form, the change form). */
export const DIFF_SECTIONS: readonly DiffSection[] = ['basicInfo', 'contactList', 'bankList', 'purchase', 'purchaseGroupList', 'invoice', 'factoryInfoDtoList', 'documentList'];

/** The sections the cards of a change show, in the order of the form (req change §2.1: they follow the modify type). */
export function sectionsOfCards(cards: readonly ChangeCard[]): DiffSection[] {
  return cards.flatMap((card) => [...CARD_PARTS[card]]);
}

/** The key of a list row's stable id. */
export const ROW_ID = 'rowId';

type Row = Record<string, unknown>;
/** A record as the comparison reads it: a master record or a change's new version. */
export type Comparable = Partial<Record<DiffSection, unknown>>;

export interface FieldDiff {
  field: string;
  change: DiffChange;
  before: unknown;
  after: unknown;
}

export interface ObjectSectionDiff {
  section: ObjectSection;
  kind: 'object';
  before: Row;
  after: Row;
  /** The fields that differ, in the order of the form (after's keys first). */
  fields: FieldDiff[];
}

/** One line of a list section with both sides side by side: a matched pair, or a row on one side only. */
export interface AlignedRow {
  rowId: string | null;
  /** null: the same row, unchanged. */
  change: DiffChange | null;
  before: Row | null;
  after: Row | null;
  /** For a modified row, the fields that differ. */
  fields: FieldDiff[];
}

export interface ListSectionDiff {
  section: ListSection;
  kind: 'list';
  /** Every row, aligned: after's order, each removed row placed after the row it followed before. */
  rows: AlignedRow[];
}

export type SectionDiff = ObjectSectionDiff | ListSectionDiff;

export interface ChangeDiff {
  sections: SectionDiff[];
  /** How many fields (object sections) and rows (list sections) differ. */
  count: number;
}

const isObjectSection = (s: DiffSection): s is ObjectSection => (OBJECT_SECTIONS as readonly string[]).includes(s);
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? v.filter(isRow) : []);

/** A row's content without its identity, for matching rows that have no id. */
function contentKey(row: Row): string {
  return JSON.stringify(
    Object.keys(row)
      .filter((k) => k !== ROW_ID && !isAbsent(row[k]))
      .sort()
      .map((k) => [k, String(JSON.stringify(row[k])).trim()]),
  );
}

function fieldChange(before: unknown, after: unknown): DiffChange | null {
  if (sameValue(before, after)) return null;
  if (isAbsent(before)) return 'added';
  if (isAbsent(after)) return 'removed';
  return 'modified';
}

/** The fields of two versions of one object that differ; `rowId` is identity, not content. */
export function diffFields(before: Row, after: Row): FieldDiff[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])].filter((f) => f !== ROW_ID);
  return fields.flatMap((field) => {
    const change = fieldChange(before[field], after[field]);
    return change ? [{ field, change, before: before[field], after: after[field] }] : [];
  });
}

const rowIdOf = (row: Row): string | null => {
  const id = row[ROW_ID];
  return typeof id === 'string' && id !== '' ? id : null;
};


/** Matches the rows of a list section by id (rows without one by equal content) and aligns them. */
export function diffRows(beforeList: unknown, afterList: unknown): AlignedRow[] {
  const before = rowsOf(beforeList);
  const after = rowsOf(afterList);
  const byId = new Map<string, number>();
  before.forEach((row, i) => {
    const id = rowIdOf(row);
    if (id !== null && !byId.has(id)) byId.set(id, i);
  });
  const matched = new Map<number, number>(); // before index → aligned index
  const aligned: AlignedRow[] = after.map((row, a) => {
    const id = rowIdOf(row);
    let b = id !== null ? byId.get(id) : undefined;
    if (b !== undefined && matched.has(b)) b = undefined;
    if (b === undefined && id === null) {
      const content = contentKey(row);
      b = before.findIndex((r, i) => !matched.has(i) && rowIdOf(r) === null && contentKey(r) === content);
      if (b < 0) b = undefined;
    }
    if (b === undefined) return { rowId: id, change: 'added', before: null, after: row, fields: diffFields({}, row) };
    matched.set(b, a);
    const fields = diffFields(before[b]!, row);
    return { rowId: id, change: fields.length ? 'modified' : null, before: before[b]!, after: row, fields };
  });
  // A removed row goes right after the line of the row it followed in the snapshot.
  const lineOf = new Map<number, AlignedRow>();
  for (const [b, a] of matched) lineOf.set(b, aligned[a]!);
  before.forEach((row, b) => {
    if (matched.has(b)) return;
    const line: AlignedRow = { rowId: rowIdOf(row), change: 'removed', before: row, after: null, fields: diffFields(row, {}) };
    let prev = b - 1;
    while (prev >= 0 && !lineOf.has(prev)) prev--;
    const at = prev < 0 ? 0 : aligned.indexOf(lineOf.get(prev)!) + 1;
    aligned.splice(at, 0, line);
    lineOf.set(b, line);
  });
  return aligned;
}

/** The comparison of the given sections (those of the change's modify type), in that order. */
export function diffRecords(before: Comparable, after: Comparable, sections: readonly DiffSection[]): ChangeDiff {
  const result: SectionDiff[] = sections.map((section) => {
    if (isObjectSection(section)) {
      const b = isRow(before[section]) ? (before[section] as Row) : {};
      const a = isRow(after[section]) ? (after[section] as Row) : {};
      return { section, kind: 'object', before: b, after: a, fields: diffFields(b, a) };
    }
    return { section, kind: 'list', rows: diffRows(before[section], after[section]) };
  });
  const count = result.reduce((n, s) => n + (s.kind === 'object' ? s.fields.length : s.rows.filter((r) => r.change !== null).length), 0);
  return { sections: result, count };
}

/** The change of one field of an object section, for marking it on the form. */
export function changeOfField(diff: ObjectSectionDiff, field: string): DiffChange | null {
  return diff.fields.find((f) => f.field === field)?.change ?? null;
}

/** The change of one field of an aligned row (a whole added or removed row marks every field it has). */
export function changeOfRowField(row: AlignedRow, field: string): DiffChange | null {
  if (row.change === 'added' || row.change === 'removed') return row.change;
  return row.fields.find((f) => f.field === field)?.change ?? null;
}
