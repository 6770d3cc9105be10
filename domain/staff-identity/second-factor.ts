import { z } from 'zod';

/**
 * The second factor of local accounts (docs/decisions/0040-staff-identity.md): TOTP per RFC 6238 with
 * the authenticator defaults (SHA-1, 6 digits, 30 s), one step of clock drift either way, each code
 * accepted once; ten single-use recovery codes shown once at enrolment.
 */
export const TOTP = { period: 30, digits: 6, toleranceSteps: 1, issuer: 'Supplier Onboarding' } as const;
export const RECOVERY_CODE_COUNT = 10;

/** Roles whose holders must have a second factor on a local account: the administrators. */
export const SECOND_FACTOR_ROLES: readonly string[] = ['CERT_ADMIN'];

export const secondFactorRequired = (roles: readonly string[]): boolean => roles.some((r) => SECOND_FACTOR_ROLES.includes(r));

/** What the password step of a login answers: done, or which second step comes next. */
export const LOGIN_NEXT = ['done', 'totp', 'enrolTotp'] as const;
export type LoginNext = (typeof LOGIN_NEXT)[number];

/** A second factor's state on the profile page. */
export const totpStatus = z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number().int() });
export type TotpStatus = z.infer<typeof totpStatus>;

/** A started enrolment: the key to put into an authenticator, as text and as an otpauth URI (for a QR code). */
export const totpEnrolment = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
