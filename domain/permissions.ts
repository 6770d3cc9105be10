/** Permission keys of req flow §6 and req shell §6, plus the route keys that gate menu entries. */
export const PERMISSIONS = {
  newApplyRfi: 'scm-cspm:new-apply-rfi',
  expandApplyRfi: 'scm-cspm:expand-apply-rfi',
  certTermination: 'scm-cspm:cert-termination',
  certProcessManageAll: 'scm-cspm:cert_process_manage_all',
  modifyFactoryAdminRole: 'scm-cspm:modify-factory-admin-role',
  /** Starts, saves, submits and terminates supplier exits (docs/decisions/0032-supplier-exit.md). */
  supplierExitApply: 'scm-cspm:supplier-exit-apply',
  /** Writes index systems and indices, creates and edits any performance plan (docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"). */
  performanceManage: 'scm-cspm:performance-manage',
  /** Starts a requalification of a supplier's categories from its page (docs/decisions/0055-requalification.md). */
  requalificationStart: 'scm-cspm:supplier-requalification',
} as const;

/** Route permissions: a menu entry or screen is reachable only with its route key. */
export const ROUTES = {
  certFlowList: 'scm-cspm:register-rfi',
  certFlowDetail: 'scm-cspm:rfi-process-detail',
  rfiAudit: 'scm-cspm:rfi-form',
  rfiDetail: 'scm-cspm:register-rfi-detail',
  rfiExpand: 'scm-cspm:rfi-expand',
  scenarioConfig: 'scm-cspm:flow-scenario-config',
  devMailbox: 'ops:dev-mailbox',
  supplierExit: 'scm-cspm:supplier-exit',
  /** The staff side of the supplier information change (list, form, approval card). */
  supplierInnerEdit: 'scm-cspm:supplier-inner-edit',
  /** Writes, targets, schedules and publishes announcements and sees who read them (administrators). */
  announcementManage: 'scm-cspm:announcement-manage',
  /** Lists, answers and closes feedback (administrators). */
  feedbackManage: 'scm-cspm:feedback-manage',
  /** Assessment reviews: a reviewer's work list and scoring grid, an owner's statistic and summary (req performance §2.4). */
  assessmentReview: 'scm-cspm:assessment-review',
  /** Supplier performance: the index tree editor and the plan list (reviewers reach their own plans without it). */
  performanceIndex: 'scm-cspm:performance-index',
  performancePlan: 'scm-cspm:performance-plan',
  /** The suppliers list: the admitted suppliers one is responsible for, each opening its page. */
  supplierList: 'scm-cspm:supplier-list',
  /** The operations dashboard: purchasing managers, CMT leaders and administrators, each of the flows they may see. */
  operationsDashboard: 'scm-cspm:operations-dashboard',
} as const;
export type RouteKey = (typeof ROUTES)[keyof typeof ROUTES];

/** Roles named in the reassign rules (req flow §5.13); the first seven are "protected" roles. */
export const FLOW_ROLES = [
  'PURCHASE_MANAGER',
  'QUALITY_OPERATIONS',
  'PROCUREMENT',
  'TECHNICAL_REVIEWER',
  'BUSINESS_REVIEWER',
  'SUPPLY_REVIEWER',
  'QUALITY_REVIEWER',
] as const;
export type FlowRole = (typeof FLOW_ROLES)[number];

export function hasPermission(granted: readonly string[], required: string | readonly string[]): boolean {
  if (typeof required !== 'string' && !Array.isArray(required)) {
    // Req shell §5.5: the check refuses an argument that is neither a string nor an array.
    throw new TypeError('permission must be a string or an array of strings');
  }
  const wanted = typeof required === 'string' ? [required] : required;
  return wanted.some((p) => granted.includes(p));
}
