import { optionalText, searchParams, text } from '#web/components/search-params.ts';

/** Query of the staff questionnaire pages: id is the application number (req rfi §2). */
export const rfiAuditSearch = searchParams({
  id: text(),
  flowNo: text(),
  taskNo: text(),
});
export type RfiAuditSearch = ReturnType<typeof rfiAuditSearch>;

export const rfiApplySearch = searchParams({
  id: text(),
  flowNo: optionalText(),
});
export type RfiApplySearch = ReturnType<typeof rfiApplySearch>;
