import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';

export interface RoleSeed {
  code: string;
  zh: string;
  en: string;
  permissions: readonly string[];
}

/** Screens every flow participant opens: the flow list, a flow's progress page, a read-only RFI. */
const FLOW_READER = [ROUTES.certFlowList, ROUTES.certFlowDetail, ROUTES.rfiDetail];
/** Every CMT member reviews suppliers' performance when a plan names them (req performance §2.4). */
const REVIEWER = [...FLOW_READER, ROUTES.assessmentReview];

/** The administrator's role: every key there is. */
export const ADMIN_ROLE = 'CERT_ADMIN';

/** Who may do what (req flow §6, req shell §6); the admin holds every key there is. */
export const ROLES: readonly RoleSeed[] = [
  {
    code: 'PURCHASE_MANAGER',
    zh: '采购经理',
    en: 'Purchasing manager',
    // Starts registrations and expansions, terminates flows, audits and expands questionnaires.
    permissions: [
      PERMISSIONS.newApplyRfi,
      PERMISSIONS.expandApplyRfi,
      PERMISSIONS.certTermination,
      ...FLOW_READER,
      ROUTES.rfiAudit,
      ROUTES.rfiExpand,
      ROUTES.supplierExit,
      PERMISSIONS.supplierExitApply,
      PERMISSIONS.requalificationStart,
      ROUTES.supplierList,
      ROUTES.operationsDashboard,
      ROUTES.supplierInnerEdit,
      ROUTES.assessmentReview,
      ROUTES.performancePlan,
    ],
  },
  // Approves the exits of its CMT's categories and the second step of bank changes; may requalify its suppliers.
  {
    code: 'CMT_LEADER',
    zh: 'CMT负责人',
    en: 'CMT leader',
    permissions: [...REVIEWER, ROUTES.rfiAudit, ROUTES.supplierExit, ROUTES.supplierInnerEdit, ROUTES.supplierList, ROUTES.operationsDashboard, PERMISSIONS.requalificationStart],
  },
  { code: 'QUALITY_REVIEWER', zh: '质量评审', en: 'Quality reviewer', permissions: REVIEWER },
  { code: 'TECHNICAL_REVIEWER', zh: '技术评审', en: 'Technical reviewer', permissions: REVIEWER },
  { code: 'BUSINESS_REVIEWER', zh: '商务评审', en: 'Business reviewer', permissions: REVIEWER },
  { code: 'SUPPLY_REVIEWER', zh: '供应评审', en: 'Supply reviewer', permissions: REVIEWER },
  // Supplier quality management runs the performance monitoring (IATF 16949 clause 8.4.2.4): the index tree and plans.
  {
    code: 'QUALITY_OPERATIONS',
    zh: '质量运营',
    en: 'Quality operations',
    permissions: [...REVIEWER, PERMISSIONS.performanceManage, ROUTES.performanceIndex, ROUTES.performancePlan],
  },
  { code: 'PROCUREMENT', zh: '采购执行', en: 'Procurement', permissions: REVIEWER },
  { code: 'EXPERT', zh: '评审专家', en: 'Review expert', permissions: REVIEWER },
  {
    code: ADMIN_ROLE,
    zh: '认证管理员',
    en: 'Certification administrator',
    // cert_process_manage_all and everything else, including the dev mailbox (only this role has it).
    permissions: [...Object.values(PERMISSIONS), ...Object.values(ROUTES)],
  },
];
