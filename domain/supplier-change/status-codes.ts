/**
 * saved: temporarily saved, editable by its submitter side. approving: submitted, waiting for its approval
 * steps. conflict: approved, but the master changed since the snapshot: the approver decides. applying:
 * approved, being written to the master and sent to the ERP. finished, rejected (back to the submitter,
 * who may edit and submit again), cancelled.
 */
export const CHANGE_STATUS = ['saved', 'approving', 'conflict', 'applying', 'finished', 'rejected', 'cancelled'] as const;
export type ChangeStatus = (typeof CHANGE_STATUS)[number];

/** Req change §2.2: the modify types; each decides the cards of the form. */
export const MODIFY_TYPES = ['all', 'contact', 'invoice', 'factory'] as const;
export type ModifyType = (typeof MODIFY_TYPES)[number];
