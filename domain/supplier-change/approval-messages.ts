import type { Locale } from '../i18n.ts';

/** The approval of a supplier information change (domain/supplier-change/approval.ts): its messages besides messages.ts, zh and en. */
export const CHANGE_APPROVAL_MESSAGES = {
  changeNotSubmitter: { zh: '只有提交人可以撤销该变更', en: 'Only the submitter can cancel this change' },
} as const satisfies Record<string, Record<Locale, string>>;
