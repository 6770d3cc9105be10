import { z } from 'zod';
import { requalificationRow } from '../requalification/requalification.ts';
import { optionalText, pageQuery, requiredText } from '../fields.ts';

/**
 * The certificates a supplier holds (the system certificates of the questionnaire's step 5 and the CERT node), with
 * their validity, as the supplier master keeps them after admission (docs/decisions/0053-certificates-kept-valid.md).
 * Days are calendar days of the plants' zone (yyyy-MM-dd, domain/date-time.ts `wireDay`); a certificate is valid
 * through its last day and has ended from the day after it.
 */

/** How many days before its end a certificate's holders are reminded, farthest first. */
export const REMINDER_DAYS = [90, 30, 7] as const;
export type CertificateEvent = 'remind90' | 'remind30' | 'remind7' | 'expired';
const REMINDER_EVENT = { 90: 'remind90', 30: 'remind30', 7: 'remind7' } as const;

/** Kinds of dictionary certificate_file that carry no validity: organisation charts are documents, not certificates. */
const UNDATED_KINDS: readonly string[] = ['QUALITY_ORG_CHART', 'ORG_CHART'];
export const hasValidity = (kind: string | undefined): boolean => Boolean(kind) && !UNDATED_KINDS.includes(kind!);

/** What an ended must-have certificate does (dictionary certificate_file, `extra.onExpiry`): a warning, or new flows and expansions refused. */
export type ExpiryPolicy = 'warn' | 'block';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Whether the text names a real calendar day (2026-02-30 does not). */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return at.toISOString().slice(0, 10) === text;
}
export const dayField = z.string({ error: 'invalidDate' }).trim().refine(isDay, { error: 'invalidDate' });

/** Whole days from `from` to `to` (both yyyy-MM-dd); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Why a certificate's validity is refused, by field (a message id), or {} when it holds: the end after the start, and
 * for a certificate given now (not one on file) an end not already past.
 */
export function validityIssues(v: { validFrom?: string; validUntil?: string }, opts: { today: string; isNew: boolean }): Partial<Record<'validFrom' | 'validUntil', string>> {
  if (!v.validFrom || !v.validUntil || !isDay(v.validFrom) || !isDay(v.validUntil)) return {};
  if (daysBetween(v.validFrom, v.validUntil) <= 0) return { validUntil: 'certificateUntilBeforeFrom' };
  if (opts.isNew && daysBetween(opts.today, v.validUntil) < 0) return { validUntil: 'certificateEndedAlready' };
  return {};
}

/**
 * The event a certificate valid until `validUntil` is due for on `today`, given those already recorded: ended from the
 * day after its last; else the nearest reminder whose day has come, unless it or a nearer one was sent (a certificate
 * first seen 20 days before its end gets the 30-day reminder only, never the 90-day one after it).
 */
export function dueEvent(validUntil: string, today: string, recorded: readonly CertificateEvent[]): CertificateEvent | undefined {
  const left = daysBetween(today, validUntil);
  if (left < 0) return recorded.includes('expired') ? undefined : 'expired';
  const nearest = REMINDER_DAYS.filter((d) => left <= d).at(-1);
  if (nearest === undefined) return undefined;
  const remindedSince = REMINDER_DAYS.some((d) => d <= nearest && recorded.includes(REMINDER_EVENT[d]));
  return remindedSince ? undefined : REMINDER_EVENT[nearest];
}

/** The first day after `today` on which a certificate falls due for its next event (a reminder's day, or the day after its end). */
export function nextEventDay(validUntil: string, today: string): string {
  const left = daysBetween(today, validUntil);
  const next = REMINDER_DAYS.find((d) => left > d);
  return next === undefined ? addDays(validUntil, 1) : addDays(validUntil, -next);
}

/** A certificate as the supplier master keeps it. */
export const masterCertificate = z.object({
  id: z.number(),
  kind: z.string(),
  kindName: z.string(),
  issuer: z.string().nullable(),
  certificateNo: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  fileName: z.string().nullable(),
  fileUrl: z.string().nullable(),
  status: z.enum(['valid', 'expired', 'replaced']),
  /** Days left until its end (negative once ended); null without a validity. */
  daysLeft: z.number().nullable(),
  /** A must-have kind whose end blocks new flows and expansions of the supplier. */
  blocks: z.boolean(),
  /** Its renewal waiting for approval. */
  renewalNo: z.string().nullable(),
});
export type MasterCertificate = z.infer<typeof masterCertificate>;

/** The supplier's renewal of a certificate: the new certificate's facts and file, approved by its purchasing manager. */
export const renewalRequest = z.object({
  certificateId: z.number({ error: 'invalidValue' }).int().positive(),
  issuer: requiredText(100),
  certificateNo: requiredText(64),
  validFrom: dayField,
  validUntil: dayField,
  fileName: requiredText(200),
  fileUrl: requiredText(500),
});
export type RenewalRequest = z.infer<typeof renewalRequest>;

/** A rejected renewal tells the supplier why, in at most this many characters. */
export const RENEWAL_REJECT_REASON_MAX = 200;

export const RENEWAL_STATUS = ['approving', 'approved', 'rejected'] as const;

export const renewalView = z.object({
  renewalNo: z.string(),
  supplierNo: z.string(),
  supplierName: z.string(),
  certificateId: z.number(),
  kind: z.string(),
  kindName: z.string(),
  status: z.enum(RENEWAL_STATUS),
  /** The certificate on file and the one offered, to compare. */
  current: z.object({ issuer: z.string().nullable(), certificateNo: z.string().nullable(), validFrom: z.string().nullable(), validUntil: z.string().nullable() }),
  offered: z.object({ issuer: z.string(), certificateNo: z.string(), validFrom: z.string(), validUntil: z.string(), fileName: z.string(), fileUrl: z.string() }),
  submittedAt: z.string(),
  reason: z.string().nullable(),
});
export type RenewalView = z.infer<typeof renewalView>;

/** The tasks certificates give: staff's in "my open tasks" (cert_task; flow_no holds the supplier's number or the renewal's). */
export const CERTIFICATE_TASK = { nodeCode: 'CERTIFICATE', ending: 'CERTIFICATE_ENDING', ended: 'CERTIFICATE_ENDED', renewal: 'CERTIFICATE_RENEWAL' } as const;
export type CertificateTaskType = (typeof CERTIFICATE_TASK)['ending' | 'ended' | 'renewal'];
export const CERTIFICATE_TASK_NAME: Record<CertificateTaskType, { zh: string; en: string }> = {
  CERTIFICATE_ENDING: { zh: '供应商证书即将到期', en: 'Supplier certificate ending soon' },
  CERTIFICATE_ENDED: { zh: '供应商证书已过期', en: 'Supplier certificate ended' },
  CERTIFICATE_RENEWAL: { zh: '供应商换证审批', en: 'Supplier certificate renewal approval' },
};
export const CERTIFICATE_TASK_NODE_NAME = { zh: '证书管理', en: 'Certificates' } as const;
/** One task per certificate and kind of task: a nearer reminder takes the place of the one before. */
export const certificateTaskNo = (certificateId: number, type: CertificateTaskType) => `CERT${certificateId}-${type}`;
export const renewalTaskNo = (renewalNo: string) => `${renewalNo}-${CERTIFICATE_TASK.renewal}`;

/** Where staff see a supplier (its certificates among its facts), and where the supplier renews. */
export const supplierPagePath = (supplierNo: string) => `/suppliers/detail?${new URLSearchParams({ supplierNo })}`;
export const renewalPagePath = (renewalNo: string) => `/suppliers/renewal?${new URLSearchParams({ renewalNo })}`;
export const PORTAL_CERTIFICATES_PATH = '/client/portal/certificates';

/** The staff page of an admitted supplier: its facts, categories and certificates, and what holds it back. */
export const supplierPageQuery = z.object({ supplierNo: requiredText(64) });

/** GET /api/v1/suppliers: the admitted suppliers the caller is responsible for (administrators: all), by name, code or credit code. */
export const supplierListQuery = pageQuery.extend({ search: optionalText(100) });
export type SupplierListQuery = z.infer<typeof supplierListQuery>;
export const supplierListRow = z.object({
  supplierNo: z.string(),
  supplierCode: z.string(),
  name: z.string(),
  creditCode: z.string(),
  active: z.boolean(),
  categoryNames: z.string(),
  /** Current certificates already ended, and ending within 90 days. */
  endedCertificates: z.number().int(),
  endingCertificates: z.number().int(),
  /** A requalification running for it. */
  requalifying: z.boolean(),
});
export type SupplierListRow = z.infer<typeof supplierListRow>;
export const supplierPageView = z.object({
  supplierNo: z.string(),
  supplierCode: z.string(),
  name: z.string(),
  creditCode: z.string(),
  categories: z.array(
    z.object({
      categoryCode: z.string(),
      categoryName: z.string(),
      categoryStatus: z.number(),
      categoryLifeCycle: z.number(),
      /** Its admission or last passed requalification (the schedule counts from it). */
      qualifiedOn: z.string().nullable(),
      /** Set when a failed requalification restricted it. */
      restrictedOn: z.string().nullable(),
      /** When its policy's schedule next starts a requalification; null without one. */
      nextRequalificationDay: z.string().nullable(),
    }),
  ),
  certificates: z.array(masterCertificate),
  /** Ended certificates whose kind refuses new flows and expansions until renewed, by name. */
  blockingCertificates: z.array(z.string()),
  requalifications: z.array(requalificationRow),
  /** The caller may start a requalification here. */
  mayRequalify: z.boolean(),
});
export type SupplierPageView = z.infer<typeof supplierPageView>;

export const renewalQuery = z.object({ renewalNo: requiredText(64) });

/** The portal's certificates: per supplier of the account, its current certificates and its renewals. */
export const portalCertificatesView = z.array(
  z.object({
    supplierNo: z.string(),
    supplierName: z.string(),
    certificates: z.array(masterCertificate),
    renewals: z.array(
      z.object({
        renewalNo: z.string(),
        certificateId: z.number(),
        kindName: z.string(),
        validUntil: z.string(),
        status: z.enum(RENEWAL_STATUS),
        reason: z.string().nullable(),
        submittedAt: z.string(),
      }),
    ),
  }),
);
export type PortalCertificatesView = z.infer<typeof portalCertificatesView>;
