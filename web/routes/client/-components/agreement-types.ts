/** The privacy notice as data: one document per language, rendered by the agreement page. */
export interface NoticeSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  /** Text after the list. */
  after?: string[];
}

export interface NoticeDocument {
  title: string;
  updated: string;
  intro: string[];
  sections: NoticeSection[];
  statementHeading: string;
  statement: NoticeSection[];
}

/** Req shell §2.8 / req shell §9: the notice is dated 2023-10-30. */
export const NOTICE_DATE = '2023-10-30';
export const PRIVACY_MAILBOX = 'privacy@supplier.example.com';
