import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/connection.ts';
import { apiEndpoints } from '#api/endpoints.ts';
import type { Endpoint } from '#api/http/endpoint.ts';
import { APPLY_TYPE, type NodeCode } from '#domain/cert-flow/enums.ts';
import { STANDARD_PLANS } from '#domain/cert-flow/node-plan.ts';
import { PERMISSIONS, ROUTES } from '#domain/permissions.ts';
import { latestTask } from '#services/cert-flow/task-rows.ts';
import { openRfiReviewTasks } from '#services/rfi/review.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { invitedSupplier, OTHER_PURCHASER, PURCHASER } from '../support/rfi-questionnaire.ts';
import { recordingFlows } from '../support/recording-flows.ts';
import { recordingExits } from '../support/recording-exits.ts';
import { recordingChanges } from '../support/recording-changes.ts';
import { admittedSupplier } from '../support/change-fixtures.ts';
import { admittedSupplier as supplierWithVendor, submittedChange } from '../support/change-process-fixtures.ts';
import { exitForm, insertExit } from '../support/exit-fixtures.ts';
import { completeSystem, draftPlan, insertSummary, PERF, planForm, setPlanStatus } from '../support/performance-fixtures.ts';
import { insertFlowAtNode, scenarioVersionWithStandards } from '../support/flow-at-node.ts';
import { newStaffSession, portalSession, staffSession } from '../support/sessions.ts';
import { client, type Caller } from '../support/http-client.ts';
import { staffWith } from '../support/fixtures.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { announcementForm } from '#domain/announcement/announcement.ts';
import { feedbackAddRequest } from '#domain/feedback/feedback.ts';
import { saveAnnouncement } from '#services/announcement/manage.ts';
import { addFeedback, senderOf } from '#services/feedback/feedback.ts';

import { APPROVER, insertDraftPlan, OTHER_MEMBER, OWNER as ROUND_OWNER, REVIEWERS, taskOf as roundTaskOf } from '../support/assessment-fixtures.ts';
import { recordingRounds } from '../support/recording-rounds.ts';
import { recordingCertificates } from '../support/recording-certificates.ts';
import { openRound } from '#services/assessment/round-open.ts';
/**
 * Who may call each write endpoint (architecture §6; OWASP API1/API5): every POST and every GET that
 * changes state, taken from the endpoint declarations, × {its rightful caller, other staff, a supplier
 * of another flow, anonymous}. A write endpoint without a row below fails the suite, so a new one
 * cannot ship without saying who may call it.
 */
let app: TestApp;
let db: Db;
const engine = recordingFlows();

/** GETs that change state (req rfi §7, req flow §7): they are writes whatever their method. */
const STATE_CHANGING_GETS = ['/v1/rfi/submit', '/v1/cert-rfi/submit', '/v1/cert-flow-node/reissue-rfi', '/v1/self-inspection/finish-node'];
const isWrite = (e: Endpoint) => e.method === 'post' || STATE_CHANGING_GETS.includes(e.path);

/** A request the rightful caller may make, and who else is tried. */
interface Case {
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart upload instead of a JSON body. */
  upload?: boolean;
  rightful: Caller | null;
  /** Staff who is not the rightful caller: holding the same keys where the rule is object-level. */
  otherStaff?: Caller;
  /** A supplier session of another flow, of the kind the endpoint takes (or a questionnaire session). */
  otherSupplier?: Caller;
  /** For a write that removes its object: the other callers try this one (the rightful call removed the first). */
  otherBody?: unknown;
}

/**
 * - public: anyone may call (logins); anonymous is not refused.
 * - session: any signed-in caller (uploads, logout of one's own session).
 * - permission: staff holding one of the endpoint's keys; a staff member without keys gets 403.
 * - object: only the caller the object names (task principal, row owner, own application); another
 *   caller of the same kind and keys gets 403 (404 for a supplier, who must not learn what exists).
 * - self: any staff member, acting only on their own account (password, second factor): another staff
 *   member is not refused, as the call changes that member's own account.
 */
type Rule = 'public' | 'session' | 'permission' | 'object' | 'self';
interface Row {
  rule: Rule;
  build(): Promise<Case>;
}

const staff = (job: string) => staffSession(db, job);
const portal = (flowNo: string) => portalSession(db, flowNo);

/** Shared callers, made once. */
const ctx = {} as {
  pm: Caller;
  otherPm: Caller;
  keyless: Caller;
  otherRfiSupplier: Caller;
  otherPortal: Caller;
  supplier: Awaited<ReturnType<typeof invitedSupplier>>;
  expansion: Awaited<ReturnType<typeof invitedSupplier>>;
};

/** The principal of a node and a staff member holding the node screens' key who is not. */
async function nodeCallers(nodeCode: NodeCode, opts: Parameters<typeof insertFlowAtNode>[2] = {}) {
  const f = await insertFlowAtNode(db, nodeCode, opts);
  const principal = (await latestTask(db, { flowNo: f.flowNo, nodeCode, taskType: 'NODE_PRINCIPAL' }))!.principalJobNumber;
  return { f, principal, rightful: await staff(principal), otherStaff: await staff(await otherHolderOf(ROUTES.certFlowDetail, principal)) };
}

/** A seeded staff member holding `key` other than `not`. */
async function otherHolderOf(key: string, not: string): Promise<string> {
  const roles = await db.selectFrom('role').select(['code', 'permissions']).execute();
  const codes = new Set(roles.filter((r) => r.permissions.includes(key)).map((r) => r.code));
  const rows = await db.selectFrom('staff').select(['job_number', 'roles']).orderBy('job_number').execute();
  return rows.find((s) => s.job_number !== not && s.roles.some((r) => codes.has(r)))!.job_number;
}

/** Performance writes of the manage key: quality operations; a purchasing manager (plan route only) is refused. */
const perfManageRow = (body: () => Promise<unknown>): Row => ({
  rule: 'permission',
  build: async () => ({ body: await body(), rightful: await staff(PERF.manager), otherStaff: ctx.pm }),
});
/** A draft plan's owner (a purchasing manager); another purchasing manager (same keys) is refused. */
const perfOwnerRow = (body: (planNo: string, versionId: string) => Promise<unknown>): Row => ({
  rule: 'object',
  build: async () => {
    const { versionId } = await completeSystem(db);
    const planNo = await draftPlan(db, versionId);
    return { body: await body(planNo, versionId), rightful: await staff(PERF.owner), otherStaff: await staff(PERF.otherPm) };
  },
});
const permissionRow = (body: unknown = {}): Row => ({
  rule: 'permission',
  build: async () => ({ body, rightful: ctx.pm, otherStaff: ctx.keyless }),
});
/** Scenario writes: the administrator (cert_process_manage_all) only; a purchasing manager is refused. */
const scenarioRow = (body: unknown, query?: Record<string, string>): Row => ({
  rule: 'permission',
  build: async () => ({ body, query, rightful: await staff('E10001'), otherStaff: ctx.pm }),
});
/** Announcement and feedback management: administrators only; a purchasing manager is refused. */
const adminRow = (body: unknown): Row => ({ rule: 'permission', build: async () => ({ body, rightful: await staff('E10001'), otherStaff: ctx.pm }) });
const announcementBody = () => ({ title: '系统维护通知', context: '<p>周六停机维护</p>', audience: 'ALL_STAFF' });
async function staffPrincipal(jobNumber: string) {
  const s = await db.selectFrom('staff').select(['id', 'job_number', 'name']).where('job_number', '=', jobNumber).executeTakeFirstOrThrow();
  return { kind: 'staff' as const, id: s.id, jobNumber: s.job_number, name: s.name, permissions: [] };
}
async function openFeedback(): Promise<number> {
  const sender = await senderOf(db, { staff: await staffPrincipal(PURCHASER) });
  return (await addFeedback(db, sender, feedbackAddRequest.parse({ type: 'EXCEPTION', context: '页面报错' }))).id;
}
const publicRow: Row = { rule: 'public', build: async () => ({ body: {}, rightful: null }) };
const selfRow = (body: unknown = {}): Row => ({ rule: 'self', build: async () => ({ body, rightful: ctx.pm, otherStaff: ctx.keyless }) });
const uploadRow: Row = { rule: 'session', build: async () => ({ upload: true, rightful: ctx.pm, otherSupplier: ctx.otherRfiSupplier }) };
const supplierRfiRow = (query: Record<string, string> = {}, body?: unknown): Row => ({
  rule: 'object',
  build: async () => ({
    query: { temp: ctx.supplier.temp, ...query },
    body,
    rightful: { authorization: ctx.supplier.authorization },
    otherSupplier: ctx.otherRfiSupplier,
  }),
});
const expandRow = (query: Record<string, string> = {}, body?: unknown): Row => ({
  rule: 'object',
  build: async () => ({ query: { applyNo: ctx.expansion.applyNo, ...query }, body, rightful: ctx.pm, otherStaff: ctx.otherPm }),
});
const nodeRow = (nodeCode: NodeCode, body: (flowNo: string) => unknown = (flowNo) => ({ flowNo }), opts: Parameters<typeof insertFlowAtNode>[2] = {}): Row => ({
  rule: 'object',
  build: async () => {
    const n = await nodeCallers(nodeCode, opts);
    return { body: body(n.f.flowNo), rightful: n.rightful, otherStaff: n.otherStaff };
  },
});

/** Flows under a scenario version using an industry standard (req flow §10, §11), the version made once. */
const standardVersions: Partial<Record<'vda63' | 'ppap', Promise<number>>> = {};
const standardVersion = (standard: 'vda63' | 'ppap') =>
  (standardVersions[standard] ??= scenarioVersionWithStandards(db, standard === 'vda63' ? { vda63: { elements: ['P5', 'P7'] } } : { ppap: { level: 3 } }));
/** A VDA 6.3 audit with its P5 expert the principal itself, and one P5 finding. */
async function vdaCallers() {
  const n = await nodeCallers('SYSTEM_CERT', { scenarioVersion: await standardVersion('vda63') });
  await db.updateTable('vda_audit_element').set({ expert_job_number: n.principal, expert_name: 'x' }).where('flow_no', '=', n.f.flowNo).execute();
  await db.insertInto('vda_answer').values({ flow_no: n.f.flowNo, question_id: 'P5.1', score: 6, finding: '记录缺失', updated_by: n.principal }).execute();
  return n;
}
async function vdaActionOf(flowNo: string, status: 'OPEN' | 'ANSWERED') {
  return (
    await db
      .insertInto('vda_action')
      .values({ flow_no: flowNo, question_id: 'P5.1', finding: '记录缺失', measure: '补齐记录', owner_name: '赵敏', owner_email: 'z@example.com', due_date: '2099-01-01', status, created_by: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}
const ppapRow = (body: (flowNo: string) => unknown): Row => nodeRowAsync('SAMPLE_CERT', body, async () => ({ scenarioVersion: await standardVersion('ppap') }));
const nodeRowAsync = (nodeCode: NodeCode, body: (flowNo: string) => unknown, opts: () => Promise<Parameters<typeof insertFlowAtNode>[2]>): Row => ({
  rule: 'object',
  build: async () => {
    const n = await nodeCallers(nodeCode, await opts());
    return { body: body(n.f.flowNo), rightful: n.rightful, otherStaff: n.otherStaff };
  },
});
/** The supplier of a PPAP flow on its portal; another flow's supplier is refused. */
const ppapPortalRow = (body: (flowNo: string) => unknown): Row => ({
  rule: 'object',
  build: async () => {
    const f = await insertFlowAtNode(db, 'SAMPLE_CERT', { scenarioVersion: await standardVersion('ppap') });
    return { body: body(f.flowNo), rightful: await portal(f.flowNo), otherSupplier: ctx.otherPortal };
  },
});
const reviewRow = (extra: object): Row => ({
  rule: 'object',
  build: async () => {
    const s = await invitedSupplier(db, app.deps.config.appSecret);
    const { tasks } = await openRfiReviewTasks(db, s.flowNo, 1);
    const task = tasks.find((t) => t.kind === 'PURCHASE_REVIEW')!;
    return { body: { flowNo: s.flowNo, taskNo: task.taskNo, ...extra }, rightful: await staff(task.principal), otherStaff: ctx.otherPm };
  },
});
const selfInspectionRow = (body: (flowNo: string, aid: string) => object): Row => ({
  rule: 'object',
  build: async () => {
    const f = await insertFlowAtNode(db, 'SELF_INSPECTION');
    const row = await db.selectFrom('self_inspection_item').select(['aid', 'principal_job_number']).where('flow_no', '=', f.flowNo).orderBy('sort').executeTakeFirstOrThrow();
    return {
      body: body(f.flowNo, row.aid),
      rightful: await staff(row.principal_job_number),
      otherStaff: await staff(await otherHolderOf(ROUTES.certFlowDetail, row.principal_job_number)),
    };
  },
});
const portalRow = (body: (flowNo: string, aid: string) => object): Row => ({
  rule: 'object',
  build: async () => {
    const f = await insertFlowAtNode(db, 'SELF_INSPECTION');
    const aid = (await db.selectFrom('self_inspection_item').select('aid').where('flow_no', '=', f.flowNo).orderBy('sort').executeTakeFirstOrThrow()).aid;
    return { body: body(f.flowNo, aid), rightful: await portal(f.flowNo), otherSupplier: ctx.otherPortal };
  },
});

const DOC = { documentName: 'a.pdf', documentUrl: '/common/v1/simple-download?fileKey=none' };
const SAVE = { save: 'false' };
const DRAFT = { data: {}, version: 1 };
const sectionPaths = ['base-info', 'contact-info', 'business-finance-info', 'business-sale-info', 'quality-cert-info', 'quality-factory-info', 'quality-index-info', 'quality-expand-info', 'develop-info', 'expand-info'];

/** Every write endpoint, by path. */
const ROWS: Record<string, Row> = {
  '/v1/auth/login': publicRow,
  '/v1/auth/logout': publicRow,
  '/v1/auth/login/totp': publicRow,
  '/v1/auth/login/enrol': publicRow,
  '/v1/auth/totp/start': selfRow(),
  '/v1/auth/totp/confirm': selfRow({ code: '123456' }),
  '/v1/auth/totp/disable': selfRow({ password: 'not the password' }),
  '/v1/auth/password': selfRow({ currentPassword: 'not the password', newPassword: 'a long new passphrase', confirmPassword: 'a long new passphrase' }),
  // One's own column choice, for a list one may open (a staff member without the list's route key: 403).
  '/v1/list-preference/:listKey': permissionRow({ hiddenColumns: ['bpm'] }),
  '/v1/rfi/get-verify-code': publicRow,
  '/v1/rfi/get-token': publicRow,
  '/v1/supplier-portal/verify-code': publicRow,
  '/v1/supplier-portal/login': publicRow,
  '/common/v1/file': uploadRow,
  '/file/upload/:type': uploadRow,
  '/v1/rfi/upload': uploadRow,
  '/v1/cert-rfi/upload': uploadRow,
  ...Object.fromEntries(sectionPaths.map((p) => [`/v1/rfi/save-${p}`, supplierRfiRow(SAVE, DRAFT)])),
  '/v1/rfi/submit': supplierRfiRow(),
  ...Object.fromEntries(sectionPaths.map((p) => [`/v1/cert-rfi/save-${p}`, expandRow(SAVE, DRAFT)])),
  '/v1/cert-rfi/submit': expandRow(),
  '/v1/supplier-portal/logout': { rule: 'session', build: async () => ({ body: {}, rightful: await portal((await insertFlowAtNode(db, 'APTITUDE')).flowNo) }) },
  '/v1/supplier/user/search': permissionRow(),
  '/v1/cert-flow-node/create': permissionRow(),
  '/v1/cert-flow-node/expand': permissionRow(),
  '/v1/cert-flow-node/flow-list': permissionRow(),
  '/v1/register/page': permissionRow(),
  '/api/v1/flows/export': permissionRow({ flowNo: 'NO-SUCH-FLOW' }),
  '/v1/cert-rfi/page': permissionRow(),
  '/v1/register/detail': permissionRow(),
  '/v1/cert-flow-node/contact-reveal': permissionRow(),
  '/v1/register/termination': permissionRow(),
  '/v1/register/adjust': permissionRow(),
  '/v1/flow-scenario-config/flow-scenario-config-list': scenarioRow({ currentPage: 1, pageSize: 20 }),
  '/v1/flow-scenario-config/save': scenarioRow({}),
  '/v1/flow-scenario-config/edit': scenarioRow({ code: 'NEW_SUPPLIER', mode: 1 }),
  '/v1/flow-scenario-config/del_config-info': scenarioRow({}, { code: 'NO_SUCH_SCENARIO' }),
  '/v1/cert-flow-node/audit-pass': reviewRow({}),
  '/v1/cert-flow-node/audit-reject': reviewRow({ reason: '资料不全' }),
  '/v1/cert-flow-node/reissue-rfi': {
    rule: 'object',
    build: async () => {
      const s = await invitedSupplier(db, app.deps.config.appSecret);
      return { query: { flowNo: s.flowNo }, body: { flowNo: s.flowNo }, rightful: ctx.pm, otherStaff: ctx.otherPm };
    },
  },
  '/v1/cert-flow-node/complete-optional': nodeRow('APTITUDE', (flowNo) => ({ flowNo, nodeCode: 'APTITUDE' })),
  '/v1/cert-flow-aptitude/audit': nodeRow('APTITUDE'),
  '/v1/cert-flow-aptitude/completed': nodeRow('APTITUDE'),
  '/v1/cert-flow-kcp/submit': nodeRow('KCP1', (flowNo) => ({ flowNo, nodeCode: 'KCP1' })),
  '/v1/supplier-assessment/save': nodeRow('KCP2'),
  '/v1/supplier-assessment/complete': nodeRow('KCP2'),
  '/v1/supplier-assessment/save_high-supplier-apply': nodeRow('KCP2'),
  '/v1/supplier-assessment/submit_high-supplier-apply': nodeRow('KCP2'),
  '/v1/supplier-assessment/finish-todo': {
    rule: 'object',
    build: async () => {
      // A to-do of the meeting, given to a quality reviewer: only that person marks it done.
      const f = await insertFlowAtNode(db, 'KCP2');
      await db
        .insertInto('flow_todo')
        .values({ flow_no: f.flowNo, source: 'KCP2', seq: 1, todo_name: '整改', principal_job_number: 'E10020', principal_name: '张伟', close_date: new Date() })
        .execute();
      return { body: { flowNo: f.flowNo, source: 'KCP2', seq: 1 }, rightful: await staff('E10020'), otherStaff: ctx.otherPm };
    },
  },
  '/v1/sample-cert/finish': nodeRow('SAMPLE_CERT'),
  '/v1/sample-cert/transfer': {
    rule: 'object',
    build: async () => {
      const n = await nodeCallers('SAMPLE_CERT');
      const manager = await staffWith(db, PERMISSIONS.certProcessManageAll);
      // The flow's purchasing manager may transfer while nobody is technical reviewer: another one may not.
      return { body: { flowNo: n.f.flowNo }, rightful: await staff(manager.jobNumber), otherStaff: ctx.otherPm };
    },
  },
  '/v1/supplier-publicity/save': nodeRow('PUBLICITY'),
  '/v1/supplier-publicity/return': nodeRow('PUBLICITY'),
  '/v1/supplier-publicity/push': {
    rule: 'permission',
    build: async () => {
      // cert_process_manage_all pushes; the node's own principal without that key may not.
      const n = await nodeCallers('PUBLICITY');
      const manager = await staffWith(db, PERMISSIONS.certProcessManageAll);
      return { body: { flowNo: n.f.flowNo }, rightful: await staff(manager.jobNumber), otherStaff: n.rightful };
    },
  },
  '/v1/cert-flow-cert/save': nodeRow('CERT', undefined, { plan: STANDARD_PLANS.TRADING_COMPANY }),
  '/v1/cert-flow-cert/completed': nodeRow('CERT', undefined, { plan: STANDARD_PLANS.TRADING_COMPANY }),
  '/v1/system-cert/save-expert': nodeRow('SYSTEM_CERT'),
  '/v1/system-cert/save': {
    rule: 'object',
    build: async () => {
      const n = await nodeCallers('SYSTEM_CERT');
      await db.updateTable('system_cert_item').set({ approve_expert_id: n.principal }).where('flow_no', '=', n.f.flowNo).execute();
      return { body: { flowNo: n.f.flowNo, indexCode: 'SUPPLY' }, rightful: n.rightful, otherStaff: n.otherStaff };
    },
  },
  '/v1/system-cert/complete': nodeRow('SYSTEM_CERT'),
  '/api/v1/vda-catalogue/revise': scenarioRow({ questions: [] }),
  '/api/v1/vda-audit/experts': nodeRowAsync('SYSTEM_CERT', (flowNo) => ({ flowNo, experts: [], steps: [] }), async () => ({ scenarioVersion: await standardVersion('vda63') })),
  '/api/v1/vda-audit/complete': nodeRowAsync('SYSTEM_CERT', (flowNo) => ({ flowNo }), async () => ({ scenarioVersion: await standardVersion('vda63') })),
  // The element's expert: a staff member holding the same keys who is not is refused.
  '/api/v1/vda-audit/score': {
    rule: 'object',
    build: async () => {
      const n = await vdaCallers();
      return { body: { flowNo: n.f.flowNo, element: 'P5', answers: [], submit: false }, rightful: n.rightful, otherStaff: n.otherStaff };
    },
  },
  '/api/v1/vda-audit/action': {
    rule: 'object',
    build: async () => {
      const n = await vdaCallers();
      const body = { flowNo: n.f.flowNo, questionId: 'P5.1', measure: '补齐记录', ownerName: '赵敏', ownerEmail: 'z@example.com', dueDate: '2099-01-01' };
      return { body, rightful: n.rightful, otherStaff: n.otherStaff };
    },
  },
  '/api/v1/vda-audit/action-close': {
    rule: 'object',
    build: async () => {
      const n = await vdaCallers();
      const actionId = await vdaActionOf(n.f.flowNo, 'ANSWERED');
      return { body: { flowNo: n.f.flowNo, actionId, decision: 'CLOSE' }, rightful: n.rightful, otherStaff: n.otherStaff };
    },
  },
  // The supplier of the audited flow; another flow's supplier is refused.
  '/api/v1/portal/vda-actions/answer': {
    rule: 'object',
    build: async () => {
      const n = await vdaCallers();
      const actionId = await vdaActionOf(n.f.flowNo, 'OPEN');
      return { body: { actionId, answer: '已补齐', documentList: [DOC] }, rightful: await portal(n.f.flowNo), otherSupplier: ctx.otherPortal };
    },
  },
  '/api/v1/ppap/level': ppapRow((flowNo) => ({ flowNo, level: 2 })),
  '/api/v1/ppap/review': ppapRow((flowNo) => ({ flowNo, element: 'PSW', decision: 'ACCEPT' })),
  '/api/v1/ppap/disposition': ppapRow((flowNo) => ({ flowNo, disposition: 'REJECTED' })),
  '/api/v1/portal/ppap/element': ppapPortalRow((flowNo) => ({ flowNo, element: 'PFMEA', documentList: [DOC] })),
  '/api/v1/portal/ppap/warrant': ppapPortalRow((flowNo) => ({ flowNo, partNumber: 'P-1', drawingChangeLevel: 'A', reason: 'INITIAL', declaration: true })),
  '/v1/self-inspection/checklist/issue': selfInspectionRow((flowNo, aid) => ({ flowNo, aid, ...DOC })),
  '/v1/self-inspection/audit-conclusion/submit': selfInspectionRow((flowNo, aid) => ({ flowNo, aid, approveStatus: 50 })),
  '/v1/self-inspection/finish-node': {
    rule: 'object',
    build: async () => {
      const n = await nodeCallers('SELF_INSPECTION');
      return { query: { flowNo: n.f.flowNo }, body: { flowNo: n.f.flowNo }, rightful: n.rightful, otherStaff: n.otherStaff };
    },
  },
  // The release form: KCP2's principal while KCP2 runs (the supplier-code application, req flow §4.4, §4.5).
  '/v1/supplier-assessment/init_supplier-pre-release': nodeRow('KCP2'),
  '/v1/supplier-release/save-supplier-info': nodeRow('KCP2', (flowNo) => ({ flowNo, version: 1, form: {} })),
  '/v1/supplier-release/submit': nodeRow('KCP2', (flowNo) => ({ flowNo, version: 1, form: {} })),
  '/v1/supplier-release/switch-supplier-code': nodeRow('KCP2', (flowNo) => ({ flowNo, version: 1, supplierCode: '30000001', confirmOverwrite: true })),
  // RELEASE completes on its principal's confirmation when the code came from KCP2 (req flow §2.6).
  '/v1/supplier-release/confirm': nodeRow('RELEASE'),
  '/v1/self-inspection/checklist/page': portalRow((flowNo) => ({ flowNo, currentPage: 1, pageSize: 20 })),
  '/v1/self-inspection/checklist/submit': portalRow((_flowNo, aid) => ({ aid, selfScore: 90, ...DOC })),
  '/v1/supplier-exit/page': permissionRow({ currentPage: 1, pageSize: 20 }),
  '/v1/supplier-exit/save': permissionRow(exitForm('SN000002', ['401003'])),
  '/v1/supplier-exit/submit': permissionRow(exitForm('SN000001', ['101004'])),
  // The sponsor's own submitted exit; another purchasing manager (same keys) is refused.
  '/v1/supplier-exit/termination': {
    rule: 'object',
    build: async () => ({
      body: { flowNo: await insertExit(db, { status: 'submitted', sponsor: PURCHASER, approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501001'] }) },
      rightful: ctx.pm,
      otherStaff: ctx.otherPm,
    }),
  },
  // The sponsor's own draft; another purchasing manager (same keys) is refused.
  '/v1/supplier-exit/delete': {
    rule: 'object',
    build: async () => {
      const draft = () => insertExit(db, { sponsor: PURCHASER, supplierNo: 'SN000003', categoryCodes: ['501001'] });
      return { body: { flowNo: await draft() }, otherBody: { flowNo: await draft() }, rightful: ctx.pm, otherStaff: ctx.otherPm };
    },
  },
  // The exit's approver; another CMT leader (same keys) is refused.
  '/v1/supplier-exit/audit-pass': exitDecisionRow({}),
  '/v1/supplier-exit/audit-reject': exitDecisionRow({ reason: '依据不足' }),
  // The one approval card's pair: the kind's desk decides who may (an exit's approver; a change's purchasing manager).
  '/api/v1/approvals/approve': exitDecisionRow({ kind: 'SUPPLIER_EXIT' }, (flowNo) => ({ ref: flowNo })),
  '/api/v1/approvals/reject': changeDecisionRow({ kind: 'SUPPLIER_CHANGE', reason: '开户行不符' }, 'approving', (flowNo) => ({ ref: flowNo })),
  // Supplier information change: the portal side lists only the account's own; the staff list needs the route key.
  // A renewal of the supplier's own certificate with a file its account uploaded; another supplier's account is refused.
  '/api/v1/portal/certificates/renewal': {
    rule: 'object',
    build: async () => {
      const c = await changeCase('supplier');
      const { id } = await db
        .insertInto('supplier_certificate')
        .values({ supplier_no: c.s.supplierNo, kind: 'ISO14000', valid_from: '2024-01-01', valid_until: '2027-01-01', file_url: '/f/old', source: c.s.flowNo })
        .returning('id')
        .executeTakeFirstOrThrow();
      const file = (await client(app).as(c.portal!).header('origin', app.baseUrl).upload('/common/v1/file', 'iso14000.pdf', pdfBytes('renewal'), 'application/pdf')).body.data;
      const body = { certificateId: id, issuer: 'SGS', certificateNo: 'CN-14000-2', validFrom: '2026-12-01', validUntil: '2029-11-30', fileName: file.fileName, fileUrl: file.url };
      return { body, rightful: c.portal!, otherSupplier: ctx.otherPortal };
    },
  },
  // A requalification of a supplier the caller is responsible for; another purchasing manager (same keys) is refused.
  '/api/v1/requalification/start': {
    rule: 'object',
    build: async () => {
      const c = await changeCase('staff');
      await db.insertInto('supplier_category').values({ supplier_no: c.s.supplierNo, category_code: '101003', flow_no: c.s.flowNo }).onConflict((oc) => oc.doNothing()).execute();
      return { body: { supplierNo: c.s.supplierNo, categoryCodes: ['101003'], reason: '抽查' }, rightful: ctx.pm, otherStaff: ctx.otherPm };
    },
  },
  // Requalification policies: the configuration's key (administrators); a purchasing manager is refused.
  '/api/v1/requalification/policies/save': scenarioRow({ categoryCode: '101004', intervalMonths: 12, onFailure: 'exit' }),
  '/api/v1/requalification/policies/delete': scenarioRow({ categoryCode: '101004' }),
  '/api/v1/certificates/kinds/save': scenarioRow({ kind: 'ISO14000', onExpiry: 'warn', requalifyAfterDays: null }),
  '/api/v1/calendar/save': scenarioRow({ day: '2031-01-01', kind: 'holiday', name: '元旦' }),
  '/api/v1/calendar/delete': scenarioRow({ day: '2031-01-01' }),
  '/v1/supplier-info/modify-page': { rule: 'session', build: async () => ({ body: { currentPage: 1, pageSize: 20 }, rightful: (await changeCase('supplier')).portal! }) },
  '/v1/supplier-info/temp-save': changeRow('supplier', (c) => c.body),
  '/v1/supplier-info/modify/create': changeRow('supplier', (c) => c.body),
  '/v1/supplier-info/cancel': changeRow('supplier', (c) => savedChange(c, 'supplier')),
  '/v1/supplier-inner-edit/list': permissionRow({ currentPage: 1, pageSize: 20 }),
  '/v1/supplier-inner-edit/temp-save': changeRow('staff', (c) => c.body),
  '/v1/supplier-inner-edit/submit': changeRow('staff', (c) => c.body),
  '/v1/supplier-inner-edit/cancel': changeRow('staff', (c) => savedChange(c, 'staff')),
  // Announcements and feedback: reading and sending for every staff member and portal account; managing for administrators.
  '/api/v1/announcement/read': { rule: 'session', build: async () => ({ body: { ids: [1] }, rightful: ctx.pm, otherSupplier: ctx.otherPortal }) },
  '/api/v1/announcement/readAll': { rule: 'session', build: async () => ({ body: {}, rightful: ctx.pm, otherSupplier: ctx.otherPortal }) },
  '/api/v1/announcement/manage/page': adminRow({ currentPage: 1, pageSize: 20 }),
  '/api/v1/announcement/manage/save': adminRow(announcementBody()),
  '/api/v1/announcement/manage/publish': adminRow(announcementBody()),
  '/api/v1/announcement/manage/delete': {
    rule: 'permission',
    build: async () => {
      const draft = async () => ({ id: (await saveAnnouncement(db, announcementForm.parse(announcementBody()), await staffPrincipal('E10001'), false)).id });
      return { body: await draft(), otherBody: await draft(), rightful: await staff('E10001'), otherStaff: ctx.pm };
    },
  },
  '/api/v1/announcement/manage/withdraw': {
    rule: 'permission',
    build: async () => {
      const published = async () => ({ id: (await saveAnnouncement(db, announcementForm.parse(announcementBody()), await staffPrincipal('E10001'), true)).id });
      return { body: await published(), otherBody: await published(), rightful: await staff('E10001'), otherStaff: ctx.pm };
    },
  },
  '/api/v1/feedback/upload': { rule: 'session', build: async () => ({ upload: true, rightful: ctx.pm, otherSupplier: ctx.otherPortal }) },
  '/api/v1/feedback/add': { rule: 'session', build: async () => ({ body: { type: 'CONSULTATION', context: '如何修改联系人？' }, rightful: ctx.pm, otherSupplier: ctx.otherPortal }) },
  '/api/v1/feedback/manage/page': adminRow({ currentPage: 1, pageSize: 20 }),
  '/api/v1/feedback/manage/answer': { rule: 'permission', build: async () => ({ body: { id: await openFeedback(), answer: '已处理' }, rightful: await staff('E10001'), otherStaff: ctx.pm }) },
  '/api/v1/feedback/manage/close': { rule: 'permission', build: async () => ({ body: { id: await openFeedback() }, rightful: await staff('E10001'), otherStaff: ctx.pm }) },
  // The approval card: the open step's approver (the purchasing manager); a CMT leader of no step is refused.
  '/v1/supplier-change/approve': changeDecisionRow({}),
  '/v1/supplier-change/reject': changeDecisionRow({ reason: '开票信息有误' }),
  '/v1/supplier-change/conflict-decision': changeDecisionRow({ decision: 'apply' }, 'conflict'),
  // Supplier performance: index and plan writes need scm-cspm:performance-manage (quality operations); a
  // purchasing manager, who holds the plan screens' route only, is refused. Plan changes: the plan's owner.
  '/v1/performance-index/add': perfManageRow(async () => ({ kind: 'SYSTEM', nameZh: '体系', nameEn: 'System' })),
  '/v1/performance-index/edit': perfManageRow(async () => ({ kind: 'SYSTEM', code: (await completeSystem(db)).code, nameZh: '体系', nameEn: 'System' })),
  '/v1/performance-index/del': {
    rule: 'permission',
    build: async () => {
      const system = async () => (await completeSystem(db)).code;
      return { body: { kind: 'SYSTEM', code: await system() }, otherBody: { kind: 'SYSTEM', code: await system() }, rightful: await staff(PERF.manager), otherStaff: ctx.pm };
    },
  },
  '/v1/performance-plan/page': { rule: 'permission', build: async () => ({ body: { currentPage: 1, pageSize: 20 }, rightful: ctx.pm, otherStaff: ctx.keyless }) },
  '/v1/performance-plan/create': perfManageRow(async () => planForm((await completeSystem(db)).versionId)),
  '/v1/performance-plan/edit': perfOwnerRow(async (planNo, versionId) => ({ planNo, ...planForm(versionId) })),
  '/v1/performance-plan/reword': perfOwnerRow(async (planNo) => ({ planNo, name: '改名' })),
  '/v1/performance-plan/conclusion': perfOwnerRow(async (planNo) => {
    await setPlanStatus(db, planNo, 'calculated');
    await insertSummary(db, planNo, 'SN000001', 88, 'B');
    return { planNo, conclusions: [{ supplierNo: 'SN000001', outcome: 'MAINTAIN' }] };
  }),
  // Assessment rounds: the plan's owner starts, calculates, adjusts, submits and exports; a reviewer of the plan is refused.
  // A task's own reviewer scores and transfers it; another reviewer of the plan is refused. The approver decides.
  '/v1/performance-plan/start': roundOwnerRow(async (planNo) => ({ planNo }), 'draft'),
  '/v2/assessment-manage/review-list': { rule: 'permission', build: async () => ({ body: { currentPage: 1, pageSize: 20 }, rightful: await staff(REVIEWERS.quality.jobNumber), otherStaff: ctx.keyless }) },
  '/v1/assessment-manage/review-submit': {
    rule: 'permission',
    build: async () => ({ body: { planNo: await roundPlan() }, rightful: await staff(REVIEWERS.quality.jobNumber), otherStaff: ctx.keyless }),
  },
  '/v2/assessment-manage/review-detail-submit': reviewerRow((taskNo) => ({ taskNo, scores: [{ indexCode: 'Q_AUDIT', score: 90 }], submit: false })),
  '/v1/assessment-manage/review-remark-save': reviewerRow((taskNo) => ({ taskNo, remark: '备注' })),
  '/v2/assessment-manage/transfer': reviewerRow((taskNo) => ({ taskNo, toJobNumber: OTHER_MEMBER })),
  '/v1/assessment-task-summary/autoCalculation': roundOwnerRow(async (planNo) => ({ planNo })),
  '/v1/assessment-manage/summary-score-save': roundOwnerRow(async (planNo) => ({ planNo, supplierNo: 'SN000001', score: 80, reason: '复核' })),
  '/v1/assessment-manage/review-submit-bpm': roundOwnerRow(async (planNo) => ({ planNo, approverJobNumber: APPROVER })),
  '/v1/assessment-manage/review-export': roundOwnerRow(async (planNo) => ({ planNos: [planNo] })),
  '/v1/assessment-figure/save': roundOwnerRow(async (planNo) => ({ planNo, figures: [{ supplierNo: 'SN000001', figureKind: 'PPM', value: 100 }] })),
  '/v1/assessment-manage/audit-pass': summaryApproverRow({}),
  '/v1/assessment-manage/audit-reject': summaryApproverRow({ reason: '请复核' }),
};

/** A plan whose round runs (its tasks open, as the workflow's opening leaves them). */
async function roundPlan(): Promise<string> {
  const { planNo } = await insertDraftPlan(db);
  await db.updateTable('perf_plan').set({ status: 'running' }).where('plan_no', '=', planNo).execute();
  await openRound(db, planNo);
  return planNo;
}
/** Plan-level round writes: the plan's owner; a reviewer of the plan (same keys) is refused. */
function roundOwnerRow(make: (planNo: string) => Promise<unknown>, status: 'draft' | 'running' = 'running'): Row {
  return {
    rule: 'object',
    build: async () => {
      const planNo = status === 'draft' ? (await insertDraftPlan(db)).planNo : await roundPlan();
      return { body: await make(planNo), rightful: await staff(ROUND_OWNER), otherStaff: await staff(REVIEWERS.quality.jobNumber) };
    },
  };
}
/** Task writes: the task's reviewer; another reviewer of the same plan is refused. */
function reviewerRow(make: (taskNo: string) => unknown): Row {
  return {
    rule: 'object',
    build: async () => {
      const planNo = await roundPlan();
      return { body: make(roundTaskOf(planNo, 'SN000001', REVIEWERS.quality)), rightful: await staff(REVIEWERS.quality.jobNumber), otherStaff: await staff(REVIEWERS.supply.jobNumber) };
    },
  };
}
/** A summary waiting for its approver (a CMT leader); another CMT leader is refused. */
function summaryApproverRow(extra: object): Row {
  return {
    rule: 'object',
    build: async () => {
      const { planNo } = await insertDraftPlan(db);
      await db.updateTable('perf_plan').set({ status: 'approving' }).where('plan_no', '=', planNo).execute();
      await db
        .insertInto('perf_round_approval')
        .values({ plan_no: planNo, round: 1, approver_job_number: APPROVER, approver_name: '李强', submitted_by_job_number: ROUND_OWNER, submitted_by_name: '黄丽' })
        .execute();
      return { body: { planNo, ...extra }, rightful: await staff(APPROVER), otherStaff: await staff('E10011') };
    },
  };
}

/** A contact change of a freshly admitted supplier (E10002 is its purchasing manager), and a portal session of it. */
async function changeCase(side: 'supplier' | 'staff') {
  const s = await admittedSupplier(db);
  const master = (await db.selectFrom('supplier').select('master').where('supplier_no', '=', s.supplierNo).executeTakeFirstOrThrow()).master as { contactList: object[] };
  const body = { supplierNo: s.supplierNo, modifyType: 'contact', modifyReason: '联系人变更', contactList: master.contactList };
  return { s, body, portal: side === 'supplier' ? await portal(s.flowNo) : undefined };
}
/** Change writes: the portal account of this supplier, or staff responsible for it; another of the same kind is refused. */
function changeRow(side: 'supplier' | 'staff', make: (c: Awaited<ReturnType<typeof changeCase>>) => Promise<unknown> | unknown): Row {
  return {
    rule: 'object',
    build: async () => {
      const c = await changeCase(side);
      const body = await make(c);
      return side === 'supplier' ? { body, rightful: c.portal!, otherSupplier: ctx.otherPortal } : { body, rightful: ctx.pm, otherStaff: ctx.otherPm };
    },
  };
}
/** A saved change to cancel. */
async function savedChange(c: Awaited<ReturnType<typeof changeCase>>, side: 'supplier' | 'staff') {
  const path = side === 'supplier' ? '/v1/supplier-info/temp-save' : '/v1/supplier-inner-edit/temp-save';
  const res = await client(app).as(side === 'supplier' ? c.portal! : ctx.pm).header('origin', app.baseUrl).post(path, c.body);
  return { flowNo: res.body.data.flowNo as string };
}

/** `named` names the exit in the body (the area's own calls say flowNo). */
function exitDecisionRow(extra: object, named = (flowNo: string): object => ({ flowNo })): Row {
  return {
    rule: 'object',
    build: async () => {
      const flowNo = await insertExit(db, { status: 'submitted', sponsor: PURCHASER, approver: 'E10010', supplierNo: 'SN000003', categoryCodes: ['501002'] });
      return { body: { ...named(flowNo), ...extra }, rightful: await staff('E10010'), otherStaff: await staff('E10011') };
    },
  };
}

/** A submitted change waiting for its purchasing manager: at step 1, or (conflict) approved by them into a conflict. */
function changeDecisionRow(extra: object, status: 'approving' | 'conflict' = 'approving', named = (flowNo: string): object => ({ flowNo })): Row {
  return {
    rule: 'object',
    build: async () => {
      const supplier = await supplierWithVendor(db);
      const { flowNo } = await submittedChange(db, supplier, { modifyType: 'invoice', edit: (m) => ({ ...m, invoice: { ...m.invoice, invoicePhone: '02169993333' } }) });
      const step = status === 'conflict' ? { status: 20, decided_by_job_number: PURCHASER, decided_by_name: '王磊', decided_at: new Date() } : { status: 10 };
      await db.updateTable('supplier_change_step').set(step).where('flow_no', '=', flowNo).where('seq', '=', 1).execute();
      await db.updateTable('supplier_change').set({ status }).where('flow_no', '=', flowNo).execute();
      return { body: { ...named(flowNo), ...extra }, rightful: await staff(PURCHASER), otherStaff: await staff('E10011') };
    },
  };
}

async function call(e: Endpoint, c: Case, caller: Caller | null): Promise<number> {
  const path = e.path.replace(':type', 'document').replace(':listKey', 'cert-flow');
  // Same-origin, as the web's own calls are: the matrix is about who calls, not from where.
  const api = client(app).as(caller).header('origin', app.baseUrl).header('sec-fetch-site', 'same-origin');
  if (e.method === 'get') return (await api.get(path, c.query)).status;
  if (c.upload) return (await api.upload(path, 'matrix.pdf', pdfBytes('matrix'), 'application/pdf')).status;
  return (await api.post(path, c.body ?? {}, c.query)).status;
}

const writes = apiEndpoints.filter(isWrite);

beforeAll(async () => {
  app = await startTestApp({ flows: engine.flows, exits: recordingExits().exits, changes: recordingChanges().changes, rounds: recordingRounds().rounds, certificates: recordingCertificates().certificates });
  db = app.deps.db;
  ctx.pm = await staff(PURCHASER);
  ctx.otherPm = await staff(OTHER_PURCHASER);
  ctx.keyless = await newStaffSession(db);
  ctx.supplier = await invitedSupplier(db, app.deps.config.appSecret);
  ctx.expansion = await invitedSupplier(db, app.deps.config.appSecret, { applyType: APPLY_TYPE.EXPAND });
  ctx.otherRfiSupplier = { authorization: (await invitedSupplier(db, app.deps.config.appSecret)).authorization };
  ctx.otherPortal = await portal((await insertFlowAtNode(db, 'SELF_INSPECTION')).flowNo);
});
afterAll(() => app.close());

describe('authorization matrix of the write endpoints', () => {
  it('has a row for every write endpoint (a new one must say who may call it)', () => {
    expect(writes.filter((e) => !ROWS[e.path]).map((e) => `${e.method.toUpperCase()} ${e.path}`)).toEqual([]);
  });

  it('has no row for an endpoint that is gone', () => {
    const paths = new Set(writes.map((e) => e.path));
    expect(Object.keys(ROWS).filter((p) => !paths.has(p))).toEqual([]);
  });

  it.each(writes.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))('%s', async (_name, e) => {
    const row = ROWS[e.path];
    if (!row) return; // reported by the first test
    const c = await row.build();
    const statuses: Record<string, number> = {};
    const expected: Record<string, number | string> = {};
    const refused = (s: number) => s === 401 || s === 403;

    statuses.anonymous = await call(e, c, null);
    statuses.rightful = await call(e, c, c.rightful);
    if (c.otherBody !== undefined) c.body = c.otherBody;
    if (row.rule === 'public') {
      expect(e.auth).toBe('none');
      expect(refused(statuses.anonymous!), `anonymous got ${statuses.anonymous}`).toBe(false);
      expect(refused(statuses.rightful!), `rightful got ${statuses.rightful}`).toBe(false);
      return;
    }
    expected.anonymous = 401;
    expect(refused(statuses.rightful!), `rightful caller got ${statuses.rightful}`).toBe(false);

    // The wrong kind of caller: a supplier on a staff endpoint, staff on a supplier one.
    if (e.auth === 'staff') {
      statuses.supplier = await call(e, c, ctx.otherRfiSupplier);
      expected.supplier = 401;
      const other = await call(e, c, c.otherStaff!);
      if (row.rule === 'self') expect(refused(other), `other staff got ${other}`).toBe(false);
      else {
        statuses.otherStaff = other;
        expected.otherStaff = 403;
      }
    } else if (e.auth === 'supplier' || e.auth === 'portal') {
      statuses.staff = await call(e, c, ctx.otherPm);
      expected.staff = 401;
      if (row.rule === 'object') {
        statuses.otherSupplier = await call(e, c, c.otherSupplier!);
        expected.otherSupplier = statuses.otherSupplier === 404 ? 404 : 403;
      }
    } else if (c.otherSupplier) {
      // 'any': every signed-in caller, a supplier too.
      statuses.supplier = await call(e, c, c.otherSupplier);
      expect(refused(statuses.supplier), `supplier got ${statuses.supplier}`).toBe(false);
      delete statuses.supplier;
    }
    delete statuses.rightful;
    expect(statuses).toEqual(expected);
  });
});
