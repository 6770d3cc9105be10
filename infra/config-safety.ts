import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import { DEMO_PASSWORD } from '#db/seeds/org.ts';
import { newPasswordProblem } from '#domain/staff-identity/password-rules.ts';

/**
 * Values a configuration must not carry: a secret anyone can know or guess (invitation links and
 * login codes are HMACs under it), and an administrator password that is published or weak.
 * Each rule answers what is wrong, for a start-up message that names the variable.
 */

/** Placeholders published with the project (docker-compose.yml once had the first as its default). */
const KNOWN_SECRETS = ['change-me-to-a-long-random-secret-of-32-chars'];
const PLACEHOLDER = /change[-_ ]?me|changeit|placeholder|your[-_ ]?secret/i;

export const SECRET_MIN_LENGTH = 32;
// A random 32-character hex string has fewer than 10 different characters about once in 18,000 draws.
const SECRET_MIN_DISTINCT = 10;

export function secretProblem(secret: string): string | undefined {
  if (secret.length < SECRET_MIN_LENGTH) return `must be at least ${SECRET_MIN_LENGTH} characters`;
  if (KNOWN_SECRETS.includes(secret) || PLACEHOLDER.test(secret)) return 'is a published placeholder';
  if (new Set(secret).size < SECRET_MIN_DISTINCT) return 'is not random enough';
  return undefined;
}

/**
 * The company identity provider's client secret: issued by the provider, so no format is assumed,
 * but a short, placeholder or repetitive one is refused like APP_SECRET.
 */
export const CLIENT_SECRET_MIN_LENGTH = 16;

export function clientSecretProblem(secret: string): string | undefined {
  if (secret.length < CLIENT_SECRET_MIN_LENGTH) return `must be at least ${CLIENT_SECRET_MIN_LENGTH} characters`;
  if (PLACEHOLDER.test(secret) || /^(secret|client[-_ ]?secret)/i.test(secret)) return 'is a placeholder';
  if (new Set(secret).size < 8) return 'is not random enough';
  return undefined;
}

/** The secret's advice, said once for every refusal. */
export const SECRET_ADVICE = 'set a random value, e.g. the output of `openssl rand -hex 32`';

// NIST SP 800-63B-4 asks 15 characters of a password that is the only factor; this one opens everything.
export const ADMIN_PASSWORD_MIN_LENGTH = 15;

/** zxcvbn's highest score (≥ 10^10 guesses): what the one password that opens everything must reach. */
export const ADMIN_PASSWORD_MIN_SCORE = 4;

let estimator: ZxcvbnFactory | undefined;
/** zxcvbn with its common-password, name and keyboard-pattern lists, built once on first use. */
function strength(password: string, userInputs: string[]): { score: number; warning: string | null } {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...zxcvbnCommon.dictionary }, graphs: zxcvbnCommon.adjacencyGraphs });
  const { score, feedback } = estimator.check(password, userInputs);
  return { score, warning: feedback.warning };
}

/**
 * The configured administrator's password, checked as staff passwords are (the list of common and breached
 * passwords, no username inside) and by a strength estimate (zxcvbn): length alone lets `aaaaaaaaaaaaaaa` in.
 */
export function adminPasswordProblem(password: string, username: string | undefined): string | undefined {
  const lower = password.toLowerCase();
  if (lower.includes(DEMO_PASSWORD.toLowerCase())) return 'must not be the demo password';
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH) return `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`;
  if (username && lower.includes(username.toLowerCase())) return 'must not contain the username';
  if (newPasswordProblem(password, username) === 'passwordTooCommon') return 'is a common or breached password';
  const { score, warning } = strength(password, username ? [username] : []);
  if (score < ADMIN_PASSWORD_MIN_SCORE) {
    return `is too easy to guess (strength ${score} of 4${warning ? `: ${warning}` : ''}); use a passphrase of several unrelated words or random characters`;
  }
  return undefined;
}
