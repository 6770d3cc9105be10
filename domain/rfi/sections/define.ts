import { z } from 'zod';
import { type MessageId, withParams } from '../../messages.ts';

/** Who edits and when: some rules depend on it (req rfi §5, §6). */
export interface SectionContext {
  /** Staff edit supplierShortName (required) and a longer legalName. */
  staff: boolean;
  /** "Today" for the not-in-the-future rule; defaults to the clock at parse time. */
  now?: Date;
}

export type Variant = 'full' | 'draft';

/** What the rules see: the editor's context and which variant is being checked. */
export interface RuleContext extends SectionContext {
  variant: Variant;
}
export type Path = (string | number)[];

/**
 * Issues of the full rules. The rules run even after a type error elsewhere in the section (zod would
 * skip them), so a form shows every missing field at once; they therefore read values defensively.
 */
export class Issues {
  constructor(private readonly ctx: z.RefinementCtx) {}

  add(path: Path, message: string): void {
    this.ctx.addIssue({ code: 'custom', path, message });
  }

  /** Adds `message` when the value is missing; true when it is present. */
  require(value: unknown, path: Path, message: MessageId = 'required'): boolean {
    if (!blank(value)) return true;
    this.add(path, message);
    return false;
  }

  /** Requires every field of a row, each with its message. */
  requireAll(row: Row, prefix: Path, fields: Partial<Record<string, MessageId>>): void {
    // The path is built only for a missing field: most saves have none, and this runs for every row.
    for (const key in fields) if (blank(row[key])) this.add([...prefix, key], fields[key] ?? 'required');
  }

  /** Row count at least `min` (the maximum is part of the field's shape). */
  minRows(list: unknown, path: Path, min: number): void {
    if (rowsOf(list).length < min) this.add(path, withParams('minRows', { min }));
  }
}

export type Row = Record<string, unknown>;

export function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

function isRecord(v: unknown): v is Row {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The rows of a list as records (anything else counts as an empty row). */
export function rowsOf(list: unknown): Row[] {
  return Array.isArray(list) ? list.map((r) => (isRecord(r) ? r : {})) : [];
}

export function numberOf(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Marks later rows whose key repeats an earlier row's. */
export function uniqueBy(issues: Issues, list: unknown, listPath: string, key: string, message?: MessageId): void {
  const seen = new Set<string>();
  rowsOf(list).forEach((row, i) => {
    const v = row[key];
    if (typeof v !== 'string' || v === '') return;
    if (seen.has(v)) issues.add([listPath, i, key], message ?? withParams('duplicateRow', { code: v }));
    seen.add(v);
  });
}

/**
 * A questionnaire section: `shape` holds the types, lengths, ranges and row maxima (all a draft must
 * meet); `fullRules` the rest of req rfi §5 (what Next and Submit need); `finish` the normalisation a
 * full save applies (req rfi §4, e.g. emptied factory lists).
 */
export interface SectionDef<S extends z.ZodObject> {
  shape(ctx: SectionContext): S;
  /** Rules that depend on another field but still only bound a value (apply to drafts too). */
  boundRules?(value: z.output<S>, issues: Issues, ctx: RuleContext): void;
  fullRules(value: z.output<S>, issues: Issues, ctx: RuleContext): void;
  finish?(value: z.output<S>): z.output<S>;
}

export function defineSection<S extends z.ZodObject>(def: SectionDef<S>): SectionDef<S> {
  return def;
}

const always = { when: () => true };

/** The shape with the section's rules; `afterTypeErrors` runs the rules on a section whose shape refused something too. */
function withRules<S extends z.ZodObject>(def: SectionDef<S>, shape: S, variant: Variant, ctx: SectionContext, afterTypeErrors: boolean) {
  const checked = shape.superRefine(
    (value, zctx) => {
      if (!isRecord(value)) return;
      const issues = new Issues(zctx);
      const rctx: RuleContext = { ...ctx, variant };
      def.boundRules?.(value, issues, rctx);
      if (variant === 'full') def.fullRules(value, issues, rctx);
    },
    afterTypeErrors ? always : undefined,
  );
  return variant === 'full' && def.finish ? checked.transform((v) => def.finish!(v)) : checked;
}

export function buildSchema<S extends z.ZodObject>(def: SectionDef<S>, variant: Variant, ctx: SectionContext) {
  return withRules(def, def.shape(ctx), variant, ctx, true);
}

/**
 * The schema of `buildSchema` with zod's generated parser in front of it, for the server: a save of the
 * largest step parses in a fraction of the time. The generated parser cannot run rules after a type error
 * (a custom `when`), so it is generated from the same shape and rules run only on a well-typed section —
 * its success is the schema's success, with the same output — and whatever it refuses is parsed again by
 * the schema itself, whose issues and messages are the ones the caller gets. It needs `new Function`,
 * which the web's CSP refuses: the forms keep `buildSchema`. Should zod refuse to generate a parser, the
 * schema runs as it is.
 */
export function buildCompiledSchema<S extends z.ZodObject>(def: SectionDef<S>, variant: Variant, ctx: SectionContext) {
  const shape = def.shape(ctx);
  const schema = withRules(def, shape, variant, ctx, true);
  try {
    return z.withParser(schema, z.core.compileFn(withRules(def, shape, variant, ctx, false)));
  } catch {
    return schema;
  }
}
