/**
 * Web paths of the supplier information change (mails and links point here). The comparison opens without
 * login by its code (req change §2.1, req shell §2.6); every other screen needs its side's login.
 */

/** Staff: the internal edit list and form. */
export const INNER_EDIT_LIST_PATH = '/supplier-inner-edit';
export const innerEditPath = (flowNo: string) => `/supplier-inner-edit/edit?${new URLSearchParams({ flowNo })}`;
/** Staff: the approval record card of a change (the approver's page; shows the comparison). */
export const changeApprovalPath = (flowNo: string) => `/supplier-change/approval?${new URLSearchParams({ flowNo })}`;

/** Supplier portal: the modify list and form. */
export const PORTAL_CHANGE_LIST_PATH = '/client/portal/supplier-info';
export const portalChangePath = (flowNo: string) => `/client/portal/supplier-info/edit?${new URLSearchParams({ flowNo })}`;

/** The comparison without login: /info-diff (staff-side change) and /info-diff-supplier (supplier-side change). */
export const comparisonPath = (side: 'supplier' | 'staff', comparisonCode: string) =>
  `${side === 'supplier' ? '/info-diff-supplier' : '/info-diff'}?${new URLSearchParams({ comparisonCode })}`;
