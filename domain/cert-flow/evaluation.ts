/**
 * The comprehensive-evaluation stage's side processes (req flow §4.2, §4.4, §4.5): the high-potential
 * application and the supplier-code (release) application, each approved in the product's own
 * approval process, and the rules that tie them to the KCP2 node.
 */

/** The two things a flow asks approval for. */
export const APPROVAL_KINDS = ['HIGH_POTENTIAL', 'SUPPLIER_CODE'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Approval status (req flow §4.2): the high-potential application shows it with a tick, clock or cross. */
export const APPROVAL_STATUS = { NOTSTART: -1, REJECT: 0, INPROGRESS: 10, FINISHED: 20 } as const;
export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];

/** Supplier-code application status (req flow §4.5, numeric form). */
export const CODE_STATUS = { NOTSTART: -1, NEW: 0, SAVED: 10, SUBMITTED: 20, REJECT: 30, FINISHED: 40 } as const;
export type CodeStatus = (typeof CODE_STATUS)[keyof typeof CODE_STATUS];

/** Release form status (req flow §4.5): read-only, without save and submit, when submitted or approved. */
export const RELEASE_STATUS = { INIT: 0, SAVED: 10, SUBMITTED: 20, REJECTED: 30, APPROVED: 40 } as const;
export type ReleaseStatus = (typeof RELEASE_STATUS)[keyof typeof RELEASE_STATUS];

export const releaseFormReadOnly = (status: ReleaseStatus): boolean =>
  status === RELEASE_STATUS.SUBMITTED || status === RELEASE_STATUS.APPROVED;

/**
 * The release has its official supplier code (approved, 40, with the code the ERP gave or the existing
 * vendor's): what the RELEASE node's confirmation needs (docs/decisions/0028-the-release-node.md).
 */
export const supplierCodeObtained = (release: { status: number; supplierCode: string | null }): boolean =>
  release.status === RELEASE_STATUS.APPROVED && Boolean(release.supplierCode);

/** Category life cycle (req flow §3.18): 1 high potential, 2 eliminated, 0 neither. */
export const LIFE_CYCLE = { NORMAL: 0, HIGH_POTENTIAL: 1, ELIMINATED: 2 } as const;

/**
 * Req flow §4.4: KCP2 cannot be completed while the high-potential approval runs, nor while the
 * supplier-code application is new, saved, submitted or rejected. Returns the refusal's message id.
 */
export function kcp2CompletionRefusal(s: {
  highPotential: ApprovalStatus;
  supplierCode: CodeStatus;
}): 'highPotentialInProgress' | 'supplierCodeInProgress' | 'supplierCodeRejected' | undefined {
  if (s.highPotential === APPROVAL_STATUS.INPROGRESS) return 'highPotentialInProgress';
  // A rejected application (by an approver or by the ERP) waits for a correction, not for anyone else.
  if (s.supplierCode === CODE_STATUS.REJECT) return 'supplierCodeRejected';
  const codeOpen: readonly CodeStatus[] = [CODE_STATUS.NEW, CODE_STATUS.SAVED, CODE_STATUS.SUBMITTED];
  if (codeOpen.includes(s.supplierCode)) return 'supplierCodeInProgress';
  return undefined;
}

/**
 * Req flow §4.4: the supplier-code button is available only when the high-potential application is
 * finished and the life cycle is 0. Read as: a KCP2 conclusion of high-potential access needs its
 * approved application first (other passing conclusions need none), and the supplier is in its
 * normal life cycle (an eliminated supplier gets no code). docs/decisions/ has the reasoning.
 */
export function supplierCodeAvailable(s: { highPotentialRequired: boolean; highPotential: ApprovalStatus; supplierLifeCycle: number }): boolean {
  const highPotentialSettled = !s.highPotentialRequired || s.highPotential === APPROVAL_STATUS.FINISHED;
  return highPotentialSettled && s.supplierLifeCycle === LIFE_CYCLE.NORMAL;
}
