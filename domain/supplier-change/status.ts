/**
 * Supplier information change (req change §2.1, §2.2, §3.4, §4): statuses, modify types, sides, cards and the
 * bank rule, shared by the server, the workflow and the form. Decisions: docs/decisions/0033-supplier-information-change-1-of-2.md ("Supplier
 * information change").
 */

import type { ChangeStatus, ModifyType } from './status-codes.ts';

// The statuses and modify types live apart: the internal edit list's route reads them in the app's entry,
// without the rest of this module.
export { CHANGE_STATUS, MODIFY_TYPES, type ChangeStatus, type ModifyType } from './status-codes.ts';

/** A supplier has at most one open change: one in these statuses. */
export const CHANGE_OPEN_STATUSES: readonly ChangeStatus[] = ['saved', 'approving', 'conflict', 'applying'];
/** Its submitter side may still edit it (temp-save, submit). */
export const CHANGE_EDITABLE_STATUSES: readonly ChangeStatus[] = ['saved', 'rejected'];
/** It may be cancelled by flowNo (before approval took effect). */
export const CHANGE_CANCELLABLE_STATUSES: readonly ChangeStatus[] = ['saved', 'approving', 'rejected'];

export const isOpenChange = (s: ChangeStatus) => CHANGE_OPEN_STATUSES.includes(s);
export const isEditableChange = (s: ChangeStatus) => CHANGE_EDITABLE_STATUSES.includes(s);
export const isCancellableChange = (s: ChangeStatus) => CHANGE_CANCELLABLE_STATUSES.includes(s);

/** Approval status (req change §3.4), used for approval steps and the lists' approval column. */
export const APPROVAL_STATUS = { NOTSTART: -1, REJECT: 0, INPROGRESS: 10, FINISHED: 20 } as const;
export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];

/** The req change §3.4 approval status a change shows in the lists. */
export function approvalStatusOf(status: ChangeStatus): ApprovalStatus {
  switch (status) {
    case 'saved':
    case 'cancelled':
      return APPROVAL_STATUS.NOTSTART;
    case 'rejected':
      return APPROVAL_STATUS.REJECT;
    case 'finished':
      return APPROVAL_STATUS.FINISHED;
    default:
      return APPROVAL_STATUS.INPROGRESS;
  }
}

/** supplier: the supplier portal (`/v1/supplier-info/*`); staff: the internal edit (`/v1/supplier-inner-edit/*`). */
export const CHANGE_SIDES = ['supplier', 'staff'] as const;
export type ChangeSide = (typeof CHANGE_SIDES)[number];

/** Req change §2.2: the form's cards, in their order on the form. */
export const CHANGE_CARDS = ['company', 'contact', 'bank', 'purchase', 'invoice', 'factory', 'information', 'document'] as const;
export type ChangeCard = (typeof CHANGE_CARDS)[number];

const CARDS_OF: Record<ModifyType, readonly ChangeCard[]> = {
  all: CHANGE_CARDS,
  contact: ['contact', 'information'],
  invoice: ['invoice', 'information', 'document'],
  factory: ['factory', 'information'],
};

/**
 * The cards a modify type shows on a side. The information card (the required modification explanation)
 * shows for every type; the purchase card never on the supplier side: a supplier neither sees nor sends
 * purchase data.
 */
export function cardsOf(modifyType: ModifyType, side: ChangeSide): ChangeCard[] {
  return CARDS_OF[modifyType].filter((card) => card !== 'purchase' || side === 'staff');
}

/** The parts of the master record each card edits (keys of SupplierMasterRecord). */
export const CARD_PARTS = {
  company: ['basicInfo'],
  contact: ['contactList'],
  bank: ['bankList'],
  purchase: ['purchase', 'purchaseGroupList'],
  invoice: ['invoice'],
  factory: ['factoryInfoDtoList'],
  information: [],
  document: [],
} as const satisfies Record<ChangeCard, readonly string[]>;
export type MasterPart = (typeof CARD_PARTS)[ChangeCard][number];

/** The master parts a change of this type on this side may edit; every other part is kept from the master. */
export function partsOf(modifyType: ModifyType, side: ChangeSide): MasterPart[] {
  return cardsOf(modifyType, side).flatMap((card) => [...CARD_PARTS[card]]);
}

/** The purchase card's parts: never sent to, nor accepted from, the supplier side. */
export const PURCHASE_PARTS = CARD_PARTS.purchase;

/** Approval steps: 1 the supplier's purchasing manager; a bank change needs a second, by someone else. */
export const CHANGE_APPROVAL_STEP = { PURCHASE_MANAGER: 1, SECOND: 2 } as const;
export const approvalStepsOf = (bankChange: boolean): number => (bankChange ? 2 : 1);

/** The comparison capability (req change §2.1, req shell §2.6): random bytes, base64url; valid this long after submit. */
export const COMPARISON_CODE_BYTES = 32;
export const COMPARISON_CODE_TTL_DAYS = 30;
