import type { Locale } from '#domain/i18n.ts';

export interface OutgoingMail {
  /** Same key → same mail: a retried activity or request never sends twice. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: Locale;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** Records the mail in the outbox (both kinds) and, for SMTP, delivers it. */
  send(mail: OutgoingMail): Promise<{ id: number; duplicate: boolean }>;
  check(): Promise<void>;
}
