import { generate } from 'otplib';
import { TOTP } from '#domain/staff-identity/second-factor.ts';

/** The authenticator code of a key now, as an authenticator app would show it. */
export const totpNow = (secret: string, at = Date.now()): Promise<string> => generate({ secret, period: TOTP.period, epoch: Math.floor(at / 1000) });

/**
 * Waits for the next TOTP time step: a code is accepted once, so a second login of the same account
 * within one 30-second step needs the next code, as a person would wait for it.
 */
export async function nextTotpStep(): Promise<void> {
  const periodMs = TOTP.period * 1000;
  await new Promise((resolve) => setTimeout(resolve, periodMs - (Date.now() % periodMs) + 200));
}
