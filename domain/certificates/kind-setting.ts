import { z } from 'zod';
import { requiredText } from '../fields.ts';
import { withParams } from '../messages.ts';

/** The grace before a requalification starts is at most a year; 0 starts it the day the certificate ends. */
export const GRACE_DAYS_MAX = 365;

/**
 * What an ended certificate of a kind does (docs/decisions/0055-requalification.md): a warning or new flows and
 * expansions refused until renewed, and after how many days, not renewed, a requalification starts (null: none).
 */
export const certificateKindSetting = z.object({
  kind: requiredText(40, 'invalidValue'),
  onExpiry: z.enum(['warn', 'block'], { error: 'invalidValue' }),
  requalifyAfterDays: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(0, { error: withParams('graceDaysRange', { max: GRACE_DAYS_MAX }) })
    .max(GRACE_DAYS_MAX, { error: withParams('graceDaysRange', { max: GRACE_DAYS_MAX }) })
    .nullable(),
});
export type CertificateKindSetting = z.infer<typeof certificateKindSetting>;

export const certificateKindRow = certificateKindSetting.extend({
  name: z.string(),
  required: z.boolean(),
  /** Only dated kinds end; an undated one (an organisation chart) has nothing to set. */
  dated: z.boolean(),
  /** Who set it in the configuration; null while the default holds. */
  changedBy: z.string().nullable(),
});
export const certificateKindsView = z.array(certificateKindRow);
export type CertificateKindRow = z.infer<typeof certificateKindRow>;
