import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/** Table types of the database. Nullable columns are `T | null`; defaults are `Generated`. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a database default. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;
/** A JSON column with a database default. */
type DefaultJson<T> = ColumnType<T, T | string | undefined, T | string>;

export interface DictEntryTable {
  dict_type: string;
  dict_key: string;
  label_zh: string;
  label_en: string;
  sort: Generated<number>;
  extra: Json<Record<string, unknown>> | null;
}

export interface AreaTable {
  code: string;
  level: 'country' | 'province' | 'city';
  parent_code: string | null;
  name_zh: string;
  name_en: string;
}

export interface CmtTable {
  code: string;
  name_zh: string;
  name_en: string;
  leader_job_number: string;
}

export interface CategoryTable {
  code: string;
  level: number;
  parent_code: string | null;
  name_zh: string;
  name_en: string;
  cmt_code: string | null;
  status: Generated<number>;
  life_cycle: Generated<number>;
}

export interface RoleTable {
  code: string;
  name_zh: string;
  name_en: string;
  permissions: Json<string[]>;
}

export interface StaffTable {
  id: Generated<string>;
  job_number: string;
  username: string;
  name: string;
  email: string;
  phone: string | null;
  department_id: string | null;
  department_name: string | null;
  password_hash: string;
  roles: Json<string[]>;
  active: Generated<boolean>;
  created_at: DefaultTimestamp;
  /** The language of the staff member's last login: their mails' language. */
  locale: Generated<string>;
  /** The TOTP key, encrypted under APP_SECRET (adapters/security/secret-box.ts); null without a second factor. */
  totp_secret: string | null;
  /** A key being enrolled, until a code from it is confirmed. */
  totp_pending_secret: string | null;
  totp_enabled_at: Timestamp | null;
  /** The last accepted TOTP time step: a code is accepted once (replay). */
  totp_last_step: number | null;
  /** Where the staff member works: a factory_location code, named by the shell's factory tag. */
  factory_location: string | null;
}

/** Single-use recovery codes of the second factor, stored as hashes. */
export interface StaffRecoveryCodeTable {
  staff_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

/** A login whose password was right and whose second step (code, or enrolment) is still to come. */
export interface StaffLoginStepTable {
  token_hash: string;
  staff_id: string;
  step: 'totp' | 'enrolTotp';
  attempts: Generated<number>;
  locale: string | null;
  expires_at: Timestamp;
}

export interface StaffSessionTable {
  token_hash: string;
  staff_id: string;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
  /** Opened through the company's identity provider: logout ends the provider's session too. */
  federated: Generated<boolean>;
}

export interface NodePlanEntry {
  nodeCode: string;
  stage: number;
  nodeRequired: 10 | 20;
  kcp: boolean;
  dueDays?: number;
}

export interface ScenarioDimension {
  code: string;
  owner: string;
}

export interface ScenarioTable {
  code: string;
  name_zh: string;
  name_en: string;
  apply_type: number;
  node_plan: Json<NodePlanEntry[]>;
  active: Generated<boolean>;
  /** How long the PUBLICITY node runs before the flow moves on by itself (req flow §4.6). */
  publicity_seconds: Generated<number>;
  updated_at: DefaultTimestamp;
  scenario_type: Generated<string>;
  /** 0 draft, 10 applied, 20 retired (domain/scenario/scenario-config.ts); `active` is status 10. */
  status: Generated<number>;
  dimensions: DefaultJson<ScenarioDimension[]>;
  /** The industry standards its nodes use (domain/scenario/standards.ts). */
  standards: DefaultJson<unknown>;
  /** The version new flows get; null while the scenario was never applied. */
  applied_version: number | null;
  latest_version: Generated<number>;
}

/** A saved state of a scenario's plan and settings; flows keep the one they started under. */
export interface ScenarioVersionTable {
  scenario_code: string;
  version: number;
  name_zh: string;
  name_en: string;
  scenario_type: string;
  node_plan: Json<NodePlanEntry[]>;
  publicity_seconds: number;
  dimensions: Json<ScenarioDimension[]>;
  standards: DefaultJson<unknown>;
  created_by: string;
  created_at: DefaultTimestamp;
  applied_at: Timestamp | null;
}

export interface FlowNoSeqTable {
  day: string;
  last: number;
}

export interface CertFlowTable {
  flow_no: string;
  apply_type: number;
  supplier_no: string | null;
  supplier_code: string | null;
  supplier_name: string;
  /** The distinct two-character pieces of the lower-cased supplier name, kept by the database (the two-character search). */
  supplier_name_bigrams: GeneratedAlways<string[]>;
  category_list: Json<{ code: string; name: string }[]>;
  cmt_code: string;
  cert_scenario: string;
  apply_reason: string;
  recommend_job: string;
  recommend_name: string;
  contact_name: string;
  contact_email: string | null;
  contact_area_code: string;
  contact_number: string;
  certified_region: number | null;
  credit_code: string | null;
  locale: Generated<string>;
  node_plan: Json<NodePlanEntry[]>;
  stage: number;
  current_node_code: string;
  purchase_job_number: string;
  cmt_leader_job_number: string;
  workflow_id: string;
  start_time: DefaultTimestamp;
  pass_time: Timestamp | null;
  created_by: string;
  updated_at: DefaultTimestamp;
  /** The life cycle the flow's categories get on admission: 1 once a high-potential application is approved. */
  life_cycle: Generated<number>;
  /** The scenario version the flow started under (its plan, publicity period, due days). */
  scenario_version: number | null;
  /** The supplier name's key of the duplicate check (migration 2026-12-07T0400, supplier_name_key). */
  name_key: GeneratedAlways<string>;
  /** The open node's due time (its principal task's), null between nodes and once ended: the overdue filter. */
  current_due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/**
 * One row per flow and small category, kept by the database from `cert_flow.category_list` with the list's
 * equality filters (migration 2026-11-28T0700): the category filter reads it in page order.
 */
export interface CertFlowCategoryTable {
  category_code: string;
  start_time: Timestamp;
  flow_no: string;
  purchase_job_number: string;
  cmt_code: string;
  cmt_leader_job_number: string;
  cert_scenario: string;
  stage: number;
}

/** A two-Chinese-character piece of a flow's supplier name, in page order within the piece (migration T0800). */
export interface CertFlowNamePieceTable {
  piece: string;
  start_time: Timestamp;
  flow_no: string;
}

/**
 * Monthly tallies of the operations dashboard, kept by triggers (migration 2026-12-07T0800): admissions,
 * requalifications passed, terminations, and node completions by whole days spent. `category_code` '' counts a flow
 * once; a small category's code counts it under that category.
 */
export interface FlowTallyTable {
  metric: 'admitted' | 'requalified' | 'terminated' | 'node';
  month: ColumnType<string, string, string>;
  cert_scenario: string;
  cmt_code: string;
  cmt_leader_job_number: string;
  purchase_job_number: string;
  category_code: string;
  node_code: string;
  days: number;
  n: number;
}

/** Running flows by key and open node, kept by a trigger (migration 2026-12-07T0900); category '' counts a flow once. */
export interface FlowOpenTallyTable {
  cert_scenario: string;
  cmt_code: string;
  cmt_leader_job_number: string;
  purchase_job_number: string;
  category_code: string;
  stage: number;
  node_code: string;
  n: number;
}

export interface CertFlowNodeTable {
  flow_no: string;
  node_code: string;
  seq: number;
  stage: number;
  status: number;
  node_required: number;
  kcp: boolean;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** 1 on the first opening; a node returned to (KCP2 from PUBLICITY) is opened again with the next count. */
  visit: Generated<number>;
}

export interface CertFlowRoleTable {
  flow_no: string;
  role: string;
  job_number: string;
  name: string;
}

export interface CertTaskTable {
  task_no: string;
  flow_no: string;
  node_code: string;
  task_type: string;
  task_name: string;
  principal_job_number: string;
  status: number;
  apply_no: string | null;
  end_time: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** A node principal's task: when its principal was reminded of the due time, and of its being overdue. */
  due_reminded_at: Timestamp | null;
  overdue_reminded_at: Timestamp | null;
}

export interface RfiApplicationTable {
  apply_no: string;
  flow_no: string;
  temp_hash: string;
  temp_expires_at: Timestamp;
  invite_seq: Generated<number>;
  email: string;
  locale: string;
  status: number;
  current_step: Generated<number>;
  sections: DefaultJson<Record<string, unknown>>;
  version: Generated<number>;
  failed_logins: Generated<number>;
  created_at: DefaultTimestamp;
  submitted_at: Timestamp | null;
  /** Why staff returned it; cleared when the supplier resubmits. */
  return_reason: string | null;
}

/** Every invitation link issued (its hash), so a replaced or expired one is told apart from a guess. */
export interface RfiIssuedLinkTable {
  temp_hash: string;
  apply_no: string;
}

export interface SupplierLoginCodeTable {
  apply_no: string;
  code_hash: string;
  sent_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
}

export interface SupplierSessionTable {
  token_hash: string;
  apply_no: string;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}

export interface CaptchaChallengeTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
  solved_at: Timestamp | null;
}

export interface RateLimitHitTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

/** Failed staff logins of one account, for the exponential back-off. */
export interface LoginBackoffTable {
  account: string;
  failures: number;
  blocked_until: Timestamp | null;
  last_failure_at: Timestamp;
}

/** One refused login (staff, questionnaire link or supplier portal). */
export interface LoginAuditTable {
  id: Generated<string>;
  kind: string;
  subject: string | null;
  ip: string | null;
  status: number;
  created_at: DefaultTimestamp;
}

export interface StoredFileTable {
  file_key: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  owner_kind: 'staff' | 'supplier';
  owner_id: string;
  created_at: DefaultTimestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  locale: string;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  created_at: DefaultTimestamp;
  sent_at: Timestamp | null;
}

export interface OperationHistoryTable {
  id: Generated<number>;
  relation_type: number;
  relation_code: string;
  dedupe_key: string | null;
  operator_id: string;
  operator_name: string;
  action: string;
  description: string;
  detail: Json<Record<string, unknown>> | null;
  created_at: DefaultTimestamp;
}

export interface SupplierAccountTable {
  id: Generated<string>;
  email: string;
  supplier_name: string;
  locale: Generated<string>;
  roles: DefaultJson<string[]>;
  active: Generated<boolean>;
  created_at: DefaultTimestamp;
}

export interface SupplierAccountFlowTable {
  account_id: string;
  flow_no: string;
}

export interface SupplierPortalSessionTable {
  token_hash: string;
  account_id: string;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}

/** Portal login state per typed e-mail (HMAC), known account or not (docs/decisions/0002-supplier-portal.md). */
export interface SupplierPortalLoginTable {
  email_key: string;
  code_hash: string | null;
  sent_at: Timestamp | null;
  expires_at: Timestamp | null;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  failed_logins: Generated<number>;
}

/** A node screen's form (aptitude, meeting conclusions, sample certification); one row per flow and node. */
/** An objection raised during a flow's publicity (req flow §3.12); one attachment per row. */
export interface PublicityObjectionTable {
  id: Generated<number>;
  flow_no: string;
  description: string;
  proposer_job_number: string;
  proposer_name: string;
  document_name: string | null;
  document_url: string | null;
  created_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** An announcement of the shell (req shell §3); `source_*` name the flow and publicity visit a push published it for. */
export interface AnnouncementTable {
  id: Generated<number>;
  type: string;
  title: string;
  /** HTML. */
  context: string;
  release_time: Timestamp;
  is_pop_up: Generated<boolean>;
  file_url: string | null;
  file_url_name: string | null;
  source_flow_no: string | null;
  source_visit: number | null;
  created_by: string;
  created_at: DefaultTimestamp;
  /** Who reads it (domain/announcement): ALL_STAFF, STAFF_ROLE, ALL_SUPPLIERS, SUPPLIER_CATEGORY. */
  audience: ColumnType<string, string | undefined, string>;
  /** The role code or category code of STAFF_ROLE and SUPPLIER_CATEGORY. */
  audience_code: string | null;
  /** DRAFT, PUBLISHED or WITHDRAWN; a published one shows from `release_time` on, a withdrawn one to nobody. */
  status: ColumnType<string, string | undefined, string>;
  published_by: string | null;
  published_at: Timestamp | null;
  updated_at: DefaultTimestamp;
}

/** A person's read receipt of an announcement: staff by staff id, suppliers by portal account id. */
export interface AnnouncementReadTable {
  announcement_id: number;
  reader_kind: 'staff' | 'portal';
  reader_id: string;
  read_at: DefaultTimestamp;
}

/** Feedback sent from the shell or the portal (req shell §3.5, §5.4) and its answer. */
export interface FeedbackTable {
  id: Generated<number>;
  type: string;
  context: string;
  files: DefaultJson<{ name: string; url: string }[]>;
  app_id: string | null;
  open_id: string | null;
  sender_kind: 'staff' | 'portal';
  sender_id: string;
  sender_name: string;
  sender_email: string | null;
  status: ColumnType<'OPEN' | 'ANSWERED' | 'CLOSED', 'OPEN' | 'ANSWERED' | 'CLOSED' | undefined, 'OPEN' | 'ANSWERED' | 'CLOSED'>;
  answer: string | null;
  answer_count: Generated<number>;
  answered_by_name: string | null;
  answered_at: Timestamp | null;
  closed_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface CertNodeFormTable {
  flow_no: string;
  node_code: string;
  /** Dictionary key of the conclusion (approve_result), when the node has one. */
  access_status: string | null;
  description: string | null;
  documents: DefaultJson<{ documentName: string; documentUrl: string }[]>;
  /** The node's own structured values (e.g. the CERT node's certificate rows); null when it has none. */
  form_values: Json<Record<string, unknown>> | null;
  updated_by: string;
  updated_at: DefaultTimestamp;
}

/** A to-do of the KCP2 meeting or of the high-potential application; each is a task of its principal. */
export interface FlowTodoTable {
  flow_no: string;
  source: 'KCP2' | 'HIGH_POTENTIAL';
  seq: number;
  todo_name: string;
  todo_desc: string | null;
  principal_job_number: string;
  principal_name: string;
  close_date: Timestamp;
  task_no: string | null;
  done_at: Timestamp | null;
  reminded_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** The high-potential supplier application of a flow (req flow §3.6); status is its approval status. */
export interface HighPotentialApplicationTable {
  flow_no: string;
  description: string | null;
  documents: DefaultJson<{ documentType: string; documentName: string; documentUrl: string }[]>;
  status: Generated<number>;
  approval_no: string | null;
  bpm_remark: string | null;
  updated_by: string;
  updated_at: DefaultTimestamp;
}

/** The release form (supplier master, req flow §3.16) and its supplier-code status (req flow §3.14, req flow §3.15). */
export interface SupplierReleaseTable {
  flow_no: string;
  status: Generated<number>;
  form: Json<Record<string, unknown>>;
  supplier_code: string | null;
  supplier_source: string | null;
  sap_result: string | null;
  approval_no: string | null;
  version: Generated<number>;
  submitted_at: Timestamp | null;
  updated_by: string;
  updated_at: DefaultTimestamp;
}

/** A head bank of the release form's bank accounts (req flow §7.9 all-head-bank). */
export interface BankHeadTable {
  code: string;
  name_zh: string;
  name_en: string;
  country_code: string;
  sort: Generated<number>;
}

/** A bank branch (CNAPS number or BIC as its code) under its head bank (req flow §7.9 search-bank). */
export interface BankBranchTable {
  code: string;
  head_code: string;
  name_zh: string;
  name_en: string;
  swift_code: string | null;
  country_code: string;
  province_name: string | null;
  city_name: string | null;
}

/** One approval round of a flow's application, run by the approval workflow. */
export interface FlowApprovalTable {
  approval_no: string;
  flow_no: string;
  kind: string;
  round: number;
  status: number;
  remark: string | null;
  started_by: string;
  created_at: DefaultTimestamp;
  finished_at: Timestamp | null;
  outcome: 'approved' | 'rejected' | 'withdrawn' | null;
  /** What the round approves, as it stood when the round opened (null for rounds from before it was kept). */
  subject: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

/** One approver's step of an approval, in order; the approval record card lists them. */
export interface FlowApprovalStepTable {
  approval_no: string;
  step: number;
  role: string;
  job_number: string;
  name: string;
  task_no: string | null;
  opened_at: Timestamp | null;
  decision: 'pass' | 'reject' | null;
  reason: string | null;
  decided_at: Timestamp | null;
}

/** An accepted supplier of the supplier master (written by admission; read by the expand apply). */
export interface SupplierTable {
  supplier_no: string;
  supplier_code: string;
  name: string;
  name_en: string | null;
  short_name: string | null;
  credit_code: string;
  /** 10 mainland, 20 Hong Kong/Macao/Taiwan, 30 overseas. */
  certified_region: Generated<number>;
  country_code: string | null;
  province_code: string | null;
  city_code: string | null;
  address: string | null;
  legal_name: string | null;
  postal_code: string | null;
  company_phone: string | null;
  enterprise_scale: string | null;
  /** 10 active, 20 disabled. */
  status: Generated<number>;
  source_flow_no: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  /** The supplier master as admitted (domain/supplier-master-record.ts); null for suppliers taken over from before the platform. */
  master: Json<Record<string, unknown>> | null;
  /** The flow whose approved release form the master is. */
  master_flow_no: string | null;
  /** Incremented by every write of `master`: an information change applies only to the version it compared against. */
  master_version: Generated<number>;
  /** The name's key of the duplicate check (migration 2026-12-07T0400, supplier_name_key). */
  name_key: GeneratedAlways<string>;
}

/** A category a supplier is accessed for (req flow §3.18: status 20 disabled; life cycle 1 high potential, 2 eliminated). */
export interface SupplierCategoryTable {
  supplier_no: string;
  category_code: string;
  status: Generated<number>;
  life_cycle: Generated<number>;
  flow_no: string | null;
  accessed_at: DefaultTimestamp;
  /** When the category last qualified: its admission, or a passed requalification (the schedule counts from it). */
  qualified_at: Timestamp | null;
  /** Set when a failed requalification restricted it (docs/decisions/0055-requalification.md). */
  restricted_at: Timestamp | null;
}

export interface SupplierContactTable {
  id: Generated<string>;
  supplier_no: string;
  name: string;
  email: string | null;
  area_code: Generated<string>;
  phone: string;
  position: string | null;
  created_at: DefaultTimestamp;
}

/** A self-inspection row: one per inspection dimension of a flow (req flow §3.7, §4.7). */
export interface SelfInspectionItemTable {
  aid: Generated<string>;
  flow_no: string;
  dimension_code: string;
  dimension_desc: string;
  sort: number;
  principal_job_number: string;
  principal_name: string;
  /** cert_approve_status: 10, 20, 30, 40, 50. */
  approve_status: Generated<number>;
  model_name: string;
  model_url: string;
  template_type: string | null;
  template_name: string | null;
  template_url: string | null;
  document_name: string | null;
  document_url: string | null;
  /** numeric(5,2): read as a string. */
  self_score: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  approve_opinion: string | null;
  reject_count: Generated<number>;
  issued_at: Timestamp | null;
  submitted_at: Timestamp | null;
  audited_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A system-certification approve item: one per inspection dimension of a flow (req flow §3.8, §4.8). */
export interface SystemCertItemTable {
  flow_no: string;
  index_code: string;
  seq: number;
  /** numeric(5,2): read as a string. */
  self_score: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  /** The assigned review expert's job number and name. */
  approve_expert_id: string | null;
  approve_expert_name: string | null;
  target_list: DefaultJson<{ targetCode: string; score: number | null }[]>;
  risk_desc: string | null;
  /** expert_audit_status: 10, 20, 30. */
  expert_conclusion_status: number | null;
  /** numeric(5,2): read as a string. */
  expert_conclusion_score: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  document_list: DefaultJson<{ documentName: string; documentUrl: string }[]>;
  submitted: Generated<boolean>;
  submitted_at: Timestamp | null;
  updated_at: DefaultTimestamp;
}

/** A supplier exit application (req exit §2.3, §3.2): a draft, then an approval run by its workflow. */
export interface SupplierExitTable {
  flow_no: string;
  supplier_no: string;
  scope: 'SUPPLIER' | 'CATEGORY';
  category_codes: DefaultJson<string[]>;
  exit_category: string | null;
  exit_types: DefaultJson<string[]>;
  reason: string | null;
  documents: DefaultJson<{ documentName: string; documentUrl: string }[]>;
  sponsor_job_number: string;
  sponsor_name: string;
  approver_job_number: string | null;
  approver_name: string | null;
  status: ColumnType<'draft' | 'submitted' | 'approved' | 'rejected' | 'terminated', 'draft' | 'submitted' | 'approved' | 'rejected' | 'terminated' | undefined>;
  decided_by_name: string | null;
  decision_reason: string | null;
  erp_message: string | null;
  erp_blocked_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  submitted_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** A row of a supplier's exit history (req flow §3.19), written when its exit is approved. */
export interface SupplierExitHistoryTable {
  flow_no: string;
  supplier_no: string;
  scope: 'SUPPLIER' | 'CATEGORY';
  category_codes: Json<string[]>;
  exit_category: string;
  exit_types: Json<string[]>;
  sponsor_job_number: string;
  sponsor_name: string;
  finish_time: Timestamp;
}

/** Statuses of a supplier information change (domain/supplier-change/status.ts). */
type ChangeStatusColumn = 'saved' | 'approving' | 'conflict' | 'applying' | 'finished' | 'rejected' | 'cancelled';

/** A supplier information change (req change §2.1, §2.2, §3.1): its snapshot (before), new version (after) and approval. */
export interface SupplierChangeTable {
  flow_no: string;
  supplier_no: string;
  modify_type: 'all' | 'contact' | 'invoice' | 'factory';
  side: 'supplier' | 'staff';
  status: ColumnType<ChangeStatusColumn, ChangeStatusColumn | undefined, ChangeStatusColumn>;
  /** A portal account id (side supplier) or a staff job number (side staff). */
  submitter_id: string;
  submitter_name: string;
  modify_reason: string | null;
  /** SupplierMasterRecord with row ids: the master when the change started. */
  snapshot: Json<Record<string, unknown>>;
  /** SupplierMasterRecord with row ids: the edited record. */
  new_version: Json<Record<string, unknown>>;
  documents: DefaultJson<{ documentName: string; documentUrl: string }[]>;
  /** supplier.master_version of the snapshot. */
  master_version: number;
  bank_change: Generated<boolean>;
  /** 0 until submitted; each submission opens the next round of approval steps. */
  round: Generated<number>;
  /** The last rejection's (or cancellation's) reason. */
  reason: string | null;
  erp_message: string | null;
  erp_sent_at: Timestamp | null;
  applied_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  submitted_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** An approval step of a change round: 1 the purchasing manager, 2 the second approval of a bank change. */
export interface SupplierChangeStepTable {
  id: Generated<number>;
  flow_no: string;
  round: number;
  seq: number;
  approver_job_number: string;
  approver_name: string;
  /** Approval status (req shell §3.4): -1 not started, 10 in progress, 20 approved, 0 rejected. */
  status: Generated<number>;
  decided_by_job_number: string | null;
  decided_by_name: string | null;
  reason: string | null;
  decided_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

/** A comparison capability of a change: the sha256 of a random code, expiring. */
export interface SupplierChangeComparisonTable {
  code_hash: string;
  flow_no: string;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}

/** A signal to a workflow decided in a transaction, sent after its commit (migration 2026-11-28T0500). */
export interface EngineOutboxTable {
  key: string;
  kind: 'rfiSubmitted';
  flow_no: string;
  payload: Json<Record<string, unknown>>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: DefaultTimestamp;
}

/**
 * The first outcome of a write sent with an Idempotency-Key (api/http/request-keys.ts): per caller and key,
 * with the route and a digest of the body it was sent with. No status while the first attempt runs.
 */
export interface RequestKeyTable {
  caller: string;
  key: string;
  route: string;
  fingerprint: string;
  status: number | null;
  answer: Json<unknown> | null;
  lease_until: Date;
  created_at: DefaultTimestamp;
  expires_at: Date;
}

/** A staff member's hidden columns of one list (req shell §2.6); no row means every column shows. */
export interface ListPreferenceTable {
  job_number: string;
  list_key: string;
  hidden_columns: DefaultJson<string[]>;
  updated_at: DefaultTimestamp;
}

/** A numeric(5,2) column: pg answers text, writes take a number. */
type Decimal = ColumnType<string, number | string, number | string>;
type NullableDecimal = ColumnType<string | null, number | string | null | undefined, number | string | null>;

/** Supplier performance (docs/decisions/0036-supplier-performance-1-of-2.md "Supplier performance"; domain/performance). */
export interface PerfIndexSystemTable {
  code: string;
  name_zh: string;
  name_en: string;
  remark: string | null;
  created_by_job_number: string;
  created_by_name: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A version of an index system (`<code>-V<n>`); frozen once a started plan uses it. */
export interface PerfIndexVersionTable {
  id: string;
  system_code: string;
  version: number;
  remark: string | null;
  created_by_job_number: string;
  created_by_name: string;
  created_at: DefaultTimestamp;
}

/** A score band: the figure at or better than `threshold` scores `score` (domain/performance/bands.ts). */
export interface PerfBandColumn {
  threshold: number;
  score: number;
}

/** A first-level index (parent_id null) or an index under one. */
export interface PerfIndexTable {
  id: Generated<string>;
  version_id: string;
  parent_id: string | null;
  code: string;
  name_zh: string;
  name_en: string;
  description: string | null;
  weight: Decimal;
  sort: Generated<number>;
  method: 'MANUAL' | 'COMPUTED' | null;
  direction: 'HIGHER' | 'LOWER' | null;
  figure_kind: string | null;
  bands: DefaultJson<PerfBandColumn[]>;
  reviewer_role: string | null;
  knock_out: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

type PerfPlanStatusColumn = 'draft' | 'running' | 'calculated' | 'approving' | 'concluded' | 'cancelled';

export interface PerfPlanTable {
  plan_no: string;
  name: string;
  period_type: 'MONTH' | 'QUARTER' | 'YEAR';
  period: string;
  /** First and last day of the period, 'YYYY-MM-DD'. */
  period_start: string;
  period_end: string;
  index_version_id: string;
  status: ColumnType<PerfPlanStatusColumn, PerfPlanStatusColumn | undefined, PerfPlanStatusColumn>;
  scope_mode: 'CATEGORY' | 'SUPPLIER';
  category_codes: DefaultJson<string[]>;
  deadline: Timestamp;
  /** Lowest final score of each grade above C: `{ A: 90, B: 80 }` by default. */
  grade_thresholds: Json<{ A: number; B: number }>;
  remark: string | null;
  owner_job_number: string;
  owner_name: string;
  created_by_job_number: string;
  created_by_name: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  started_at: Timestamp | null;
  calculated_at: Timestamp | null;
  concluded_at: Timestamp | null;
  concluded_by_name: string | null;
}

export interface PerfPlanSupplierTable {
  plan_no: string;
  supplier_no: string;
  category_codes: DefaultJson<string[]>;
  outcome: string | null;
  conclusion_grade: 'A' | 'B' | 'C' | null;
  conclusion_remark: string | null;
  concluded_by_job_number: string | null;
  concluded_by_name: string | null;
  concluded_at: Timestamp | null;
}

export interface PerfPlanReviewerTable {
  plan_no: string;
  role: string;
  job_number: string;
  name: string;
}

/** Status NOT_START 10, IN_PROGRESS 20, FINISHED 30 (req shell §3.4). */
export interface PerfReviewTaskTable {
  task_no: string;
  plan_no: string;
  supplier_no: string;
  role: string;
  reviewer_job_number: string;
  reviewer_name: string;
  status: ColumnType<10 | 20 | 30, 10 | 20 | 30 | undefined, 10 | 20 | 30>;
  remark: string | null;
  transferred_from_job_number: string | null;
  transferred_from_name: string | null;
  transfer_reason: string | null;
  transferred_at: Timestamp | null;
  submitted_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface PerfScoreTable {
  task_no: string;
  index_id: string;
  /** null: no basis to score (no data); otherwise 0–100 with 2 decimals. */
  score: NullableDecimal;
  remark: string | null;
  scored_by_job_number: string;
  scored_by_name: string;
  scored_at: DefaultTimestamp;
}

export interface PerfFigureTable {
  supplier_no: string;
  period_type: 'MONTH' | 'QUARTER' | 'YEAR';
  period: string;
  figure_kind: string;
  value: ColumnType<string, number | string, number | string>;
  source: ColumnType<'MANUAL' | 'IMPORT', 'MANUAL' | 'IMPORT' | undefined, 'MANUAL' | 'IMPORT'>;
  remark: string | null;
  entered_by_job_number: string;
  entered_by_name: string;
  entered_at: DefaultTimestamp;
}

export interface PerfSupplierSummaryTable {
  plan_no: string;
  supplier_no: string;
  calculated_score: NullableDecimal;
  no_data: Generated<boolean>;
  knocked_out: Generated<boolean>;
  adjusted_score: NullableDecimal;
  adjust_reason: string | null;
  adjusted_by_job_number: string | null;
  adjusted_by_name: string | null;
  adjusted_at: Timestamp | null;
  grade: 'A' | 'B' | 'C' | null;
  /** The calculation's trace (`PerfTraceNode[]` of domain/performance/calculate.ts). */
  trace: DefaultJson<unknown[]>;
  calculated_at: DefaultTimestamp;
}

export interface PerfScoreAdjustmentTable {
  id: Generated<number>;
  plan_no: string;
  supplier_no: string;
  score_before: NullableDecimal;
  score_after: NullableDecimal;
  grade_before: string | null;
  grade_after: string | null;
  reason: string;
  adjusted_by_job_number: string;
  adjusted_by_name: string;
  adjusted_at: DefaultTimestamp;
}

/** An approval round of an assessment round's summary (migration 2026-11-28T0150-assessment-approval). */
export interface PerfRoundApprovalTable {
  plan_no: string;
  round: number;
  approver_job_number: string;
  approver_name: string;
  submitted_by_job_number: string;
  submitted_by_name: string;
  submitted_at: DefaultTimestamp;
  decision: 'approve' | 'reject' | null;
  reason: string | null;
  decided_at: Timestamp | null;
}

/** A certificate of an admitted supplier (migration 2026-12-07T0300; domain/certificates/certificate.ts). */
export interface SupplierCertificateTable {
  id: Generated<number>;
  supplier_no: string;
  kind: string;
  issuer: string | null;
  certificate_no: string | null;
  valid_from: string | null;
  valid_until: string | null;
  file_name: string | null;
  file_url: string | null;
  status: ColumnType<'valid' | 'expired' | 'replaced', 'valid' | 'expired' | 'replaced' | undefined>;
  /** Where it came from: the flow that admitted it (its number), or a renewal (its number). */
  source: string;
  replaced_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A requalification flow's trigger and outcome (domain/requalification). */
export interface RequalificationTable {
  flow_no: string;
  supplier_no: string;
  category_codes: DefaultJson<string[]>;
  trigger: 'manual' | 'schedule' | 'certificate';
  trigger_ref: string | null;
  on_failure: 'exit' | 'restrict';
  outcome: ColumnType<'running' | 'passed' | 'failed' | 'withdrawn', 'running' | undefined, 'passed' | 'failed' | 'withdrawn'>;
  exit_flow_no: string | null;
  created_at: DefaultTimestamp;
  decided_at: Timestamp | null;
}

/** A day of the company's working calendar that is not as its weekday says: a holiday, or a weekend day worked. */
export interface WorkingCalendarTable {
  day: string;
  kind: 'holiday' | 'workday';
  name: string;
  updated_by: string;
  updated_at: DefaultTimestamp;
}

/** What an ended certificate of a kind does, set in the configuration over the dictionary's default (`extra`). */
export interface CertificateKindPolicyTable {
  kind: string;
  on_expiry: 'warn' | 'block';
  requalify_after_days: number | null;
  updated_by: string;
  updated_at: DefaultTimestamp;
}

/** A category's requalification policy: its interval in months (none: by hand only) and what a failure does. */
export interface RequalificationPolicyTable {
  category_code: string;
  interval_months: number | null;
  on_failure: 'exit' | 'restrict';
  updated_by: string;
  updated_at: DefaultTimestamp;
}

/** A run the stuck-run healer reset to its last completed workflow task (infra/temporal/stuck-run-healer.ts). */
export interface StuckRunResetTable {
  run_id: string;
  workflow_id: string;
  new_run_id: string;
  cause: string;
  task_attempt: number;
  first_seen_at: Timestamp;
  reset_at: DefaultTimestamp;
}

/** The VDA 6.3 catalogue in versions (domain/vda63/catalogue.ts). */
export interface VdaCatalogueTable {
  version: number;
  edition: string;
  elements: Json<{ code: string; zh: string; en: string; questions: { id: string; zh: string; en: string; starred: boolean }[] }[]>;
  created_by: string;
  created_at: DefaultTimestamp;
}

/** A flow's VDA 6.3 process audit in system certification, with its grade once the node completed. */
export interface VdaAuditTable {
  flow_no: string;
  catalogue_version: number;
  steps: DefaultJson<string[]>;
  grade: string | null;
  grade_rule: string | null;
  grade_subject: string | null;
  overall: number | null;
  completed_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface VdaAuditElementTable {
  flow_no: string;
  element: string;
  expert_job_number: string | null;
  expert_name: string | null;
  submitted: Generated<boolean>;
  submitted_at: Timestamp | null;
}

/** One evaluation of a question (per process step for P6; step '' otherwise); score null is "not evaluated". */
export interface VdaAnswerTable {
  flow_no: string;
  question_id: string;
  step: Generated<string>;
  score: number | null;
  finding: string | null;
  documents: DefaultJson<{ documentName: string; documentUrl: string }[]>;
  updated_by: string;
  updated_at: DefaultTimestamp;
}

/** An action item made from a finding, answered by the supplier and closed by the expert. */
export interface VdaActionTable {
  id: Generated<number>;
  flow_no: string;
  question_id: string;
  step: Generated<string>;
  finding: string;
  measure: string;
  owner_name: string;
  owner_email: string;
  due_date: string;
  status: ColumnType<'OPEN' | 'ANSWERED' | 'CLOSED', 'OPEN' | 'ANSWERED' | 'CLOSED' | undefined>;
  answer: string | null;
  answer_documents: DefaultJson<{ documentName: string; documentUrl: string }[]>;
  answered_at: Timestamp | null;
  return_comment: string | null;
  closed_by: string | null;
  closed_at: Timestamp | null;
  created_by: string;
  created_at: DefaultTimestamp;
}

/** A flow's PPAP submission in sample certification: the level, the warrant and its disposition. */
export interface PpapSubmissionTable {
  flow_no: string;
  level: number;
  part_number: string | null;
  drawing_change_level: string | null;
  reason: string | null;
  reason_other: string | null;
  declaration: Generated<boolean>;
  disposition: 'APPROVED' | 'INTERIM' | 'REJECTED' | null;
  interim_until: string | null;
  conditions: string | null;
  comment: string | null;
  approval_status: ColumnType<'PENDING' | 'APPROVED' | 'INTERIM' | 'LAPSED' | 'REJECTED', 'PENDING' | 'APPROVED' | 'INTERIM' | 'LAPSED' | 'REJECTED' | undefined>;
  decided_by: string | null;
  decided_at: Timestamp | null;
  updated_at: DefaultTimestamp;
}

export interface PpapElementTable {
  flow_no: string;
  element: string;
  status: ColumnType<'AWAITING' | 'SUBMITTED' | 'ACCEPTED' | 'RETURNED', 'AWAITING' | 'SUBMITTED' | 'ACCEPTED' | 'RETURNED' | undefined>;
  documents: DefaultJson<{ documentName: string; documentUrl: string }[]>;
  return_reason: string | null;
  submitted_at: Timestamp | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
}

/** A reminder or the end of an interim approval, recorded once when its mails and tasks went out. */
export interface PpapInterimEventTable {
  flow_no: string;
  event: 'remind90' | 'remind30' | 'remind7' | 'expired';
  day: string;
}

/** A reminder or the end of a certificate, recorded once when its mails and tasks went out. */
export interface CertificateEventTable {
  certificate_id: number;
  event: 'remind90' | 'remind30' | 'remind7' | 'expired';
  day: string;
  created_at: DefaultTimestamp;
}

/** A supplier's renewal of a certificate, approved by its purchasing manager on the approval engine. */
export interface CertificateRenewalTable {
  renewal_no: string;
  supplier_no: string;
  certificate_id: number;
  issuer: string;
  certificate_no: string;
  valid_from: string;
  valid_until: string;
  file_name: string;
  file_url: string;
  status: ColumnType<'approving' | 'approved' | 'rejected', 'approving' | 'approved' | 'rejected' | undefined>;
  submitted_by: string;
  submitted_by_email: string;
  approver_job_number: string;
  approver_name: string;
  decided_by_name: string | null;
  decision_reason: string | null;
  created_at: DefaultTimestamp;
  decided_at: Timestamp | null;
}

export interface Database {
  engine_outbox: EngineOutboxTable;
  request_key: RequestKeyTable;
  list_preference: ListPreferenceTable;
  dict_entry: DictEntryTable;
  area: AreaTable;
  cmt: CmtTable;
  category: CategoryTable;
  role: RoleTable;
  staff: StaffTable;
  staff_session: StaffSessionTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  staff_login_step: StaffLoginStepTable;
  scenario: ScenarioTable;
  scenario_version: ScenarioVersionTable;
  flow_no_seq: FlowNoSeqTable;
  cert_flow: CertFlowTable;
  cert_flow_category: CertFlowCategoryTable;
  cert_flow_name_piece: CertFlowNamePieceTable;
  cert_flow_node: CertFlowNodeTable;
  flow_tally: FlowTallyTable;
  flow_open_tally: FlowOpenTallyTable;
  cert_flow_role: CertFlowRoleTable;
  cert_task: CertTaskTable;
  rfi_application: RfiApplicationTable;
  rfi_issued_link: RfiIssuedLinkTable;
  supplier_login_code: SupplierLoginCodeTable;
  supplier_session: SupplierSessionTable;
  captcha_challenge: CaptchaChallengeTable;
  rate_limit_hit: RateLimitHitTable;
  login_backoff: LoginBackoffTable;
  login_audit: LoginAuditTable;
  stored_file: StoredFileTable;
  mail_outbox: MailOutboxTable;
  operation_history: OperationHistoryTable;
  supplier_account: SupplierAccountTable;
  supplier_account_flow: SupplierAccountFlowTable;
  supplier_portal_session: SupplierPortalSessionTable;
  supplier_portal_login: SupplierPortalLoginTable;
  system_cert_item: SystemCertItemTable;
  self_inspection_item: SelfInspectionItemTable;
  cert_node_form: CertNodeFormTable;
  supplier: SupplierTable;
  supplier_category: SupplierCategoryTable;
  supplier_contact: SupplierContactTable;
  supplier_exit_no_seq: FlowNoSeqTable;
  supplier_exit: SupplierExitTable;
  supplier_certificate: SupplierCertificateTable;
  certificate_event: CertificateEventTable;
  vda_catalogue: VdaCatalogueTable;
  stuck_run_reset: StuckRunResetTable;
  vda_audit: VdaAuditTable;
  vda_audit_element: VdaAuditElementTable;
  vda_answer: VdaAnswerTable;
  vda_action: VdaActionTable;
  ppap_submission: PpapSubmissionTable;
  ppap_element: PpapElementTable;
  ppap_interim_event: PpapInterimEventTable;
  requalification: RequalificationTable;
  requalification_policy: RequalificationPolicyTable;
  certificate_kind_policy: CertificateKindPolicyTable;
  working_calendar: WorkingCalendarTable;
  certificate_renewal: CertificateRenewalTable;
  certificate_renewal_no_seq: FlowNoSeqTable;
  supplier_exit_history: SupplierExitHistoryTable;
  supplier_change_no_seq: FlowNoSeqTable;
  supplier_change: SupplierChangeTable;
  supplier_change_step: SupplierChangeStepTable;
  supplier_change_comparison: SupplierChangeComparisonTable;
  flow_todo: FlowTodoTable;
  high_potential_application: HighPotentialApplicationTable;
  supplier_release: SupplierReleaseTable;
  flow_approval: FlowApprovalTable;
  flow_approval_step: FlowApprovalStepTable;
  bank_head: BankHeadTable;
  bank_branch: BankBranchTable;
  publicity_objection: PublicityObjectionTable;
  announcement: AnnouncementTable;
  announcement_read: AnnouncementReadTable;
  feedback: FeedbackTable;
  perf_index_system: PerfIndexSystemTable;
  perf_index_version: PerfIndexVersionTable;
  perf_index: PerfIndexTable;
  perf_plan_no_seq: FlowNoSeqTable;
  perf_plan: PerfPlanTable;
  perf_plan_supplier: PerfPlanSupplierTable;
  perf_plan_reviewer: PerfPlanReviewerTable;
  perf_review_task: PerfReviewTaskTable;
  perf_score: PerfScoreTable;
  perf_figure: PerfFigureTable;
  perf_supplier_summary: PerfSupplierSummaryTable;
  perf_score_adjustment: PerfScoreAdjustmentTable;
  perf_round_approval: PerfRoundApprovalTable;
}

export type StaffRow = Selectable<StaffTable>;
export type CertFlowRow = Selectable<CertFlowTable>;
export type NewCertFlow = Insertable<CertFlowTable>;
export type CertFlowUpdate = Updateable<CertFlowTable>;
export type RfiApplicationRow = Selectable<RfiApplicationTable>;
