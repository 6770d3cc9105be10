import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { INSPECTION_DIMENSIONS } from '#domain/cert-flow/dimensions.ts';
import { AUDIT_TARGETS } from '#domain/cert-flow/nodes/system-cert.ts';
import type { SelfInspectionDetail } from '#domain/cert-flow/nodes/self-inspection.ts';
import { certFlowWorkflowId, rfiSubmittedSignal, stateQuery } from '#workflows/definitions.ts';
import { NODE_STATUS, STAGE } from '#domain/cert-flow/enums.ts';
import { approvalTaskNo } from '#domain/cert-flow/approvals.ts';
import { RELEASE_STATUS } from '#domain/cert-flow/evaluation.ts';
import { shortenScenarioPublicity } from '../support/drive-flow.ts';
import { validRegisterApply } from '../support/fixtures.ts';
import { newTaxNumber } from '../support/erp-vendors.ts';
import { validReleaseForm } from '../support/release-form.ts';
import { pdfBytes } from '../support/sample-files.ts';
import { portalSession, staffSession } from '../support/sessions.ts';
import { client as http, uploadDocument, type Caller } from '../support/http-client.ts';
import { bareFlow, publicityOverUpdate, stepUpdate, type BarePublicity } from './bare-flow/workflow.ts';
import { ms, percentile, printTable, ratio } from './stats.ts';
import { cpuRows, watchCpu, type CpuWatch } from './cpu-use.ts';
import { sql } from 'kysely';
import { describeShape, type BenchStack, type Shape } from './shapes.ts';

/**
 * Updates each flow takes: two RFI reviews, APTITUDE, KCP1, SELF_INSPECTION, SYSTEM_CERT, SAMPLE_CERT,
 * the supplier-code submit (starts its approval), the approver's pass, KCP2 and the release confirmation.
 */
const COMPLETIONS = 11;
const NODES = ['RFI', 'APTITUDE', 'KCP1', 'SELF_INSPECTION', 'SYSTEM_CERT', 'SAMPLE_CERT', 'SUPPLIER_CODE', 'KCP2', 'RELEASE'] as const;
/**
 * The scenario's publicity period for the run, short so the timers of all flows fire while the others
 * are still driven; what is measured is how late after its end each flow moves on.
 */
const PUBLICITY_SECONDS = 20;
/** The updates a flow takes before PUBLICITY opens (all but RELEASE's confirmation). */
const UPDATES_BEFORE_PUBLICITY = COMPLETIONS - 1;
/** How long a node may take to show finished after a retried write was refused, before the flow counts as stuck. */
const SETTLE_LIMIT_MS = 120_000;
/**
 * How long a node may take to show finished after its write was answered 202 (accepted, still running): as long
 * as a flow's nodes took at the most in the runs with retries, so that a 202 is not given up sooner than a
 * retried 503 was.
 */
const PENDING_SETTLE_LIMIT_MS = 600_000;

/** `completes`: the node the call completes, whose answer is the next node open. */
type Call = (path: string, body?: unknown, as?: Caller, completes?: (typeof NODES)[number]) => Promise<unknown>;

/** The figures the goals are judged on, for the comparison of the shapes. */
export interface ConcurrentFlowsResult {
  flows: number;
  admitted: number;
  non2xx: number;
  retried: number;
  /** Answered 202: accepted by the engine, the result later than the wait. */
  pending: number;
  totalMs: number;
  /** The bare workflows with the flows' publicity period as a timer before their last update. */
  bareTotalMs: number;
  /** The same without the timer (the baseline printed before). */
  bareWithoutTimerMs: number;
  completionP95: number;
  bareP95: number;
}

/** What driving the flows measured. */
interface DrivenFlows {
  flows: string[];
  total: number;
  calls: number;
  retried: number;
  non2xx: number;
  /** Writes answered 202 (accepted, result later than the wait), and by path. */
  pending: number;
  pendingAt: Map<string, number>;
  resets: number;
  unavailableAt: Map<string, number>;
  completion: Map<string, number[]>;
  publicityLate: number[];
  admitted: number;
  /** With request keys: retries answered otherwise than their first attempt would have been. */
  answeredDifferently: number;
  /** Their request keys. */
  answeredDifferentlyKeys: string[];
  /** CPU seconds by part of the stack while the flows were driven (Linux). */
  cpu: ReturnType<CpuWatch['stop']>;
  /** Flows that could not be driven to their end, and why. */
  failures: string[];
}

/**
 * Creates `count` flows and drives them all at once through every node of the certification flow to
 * stage 90 (admitted), through the HTTP API as the node principals, experts, the approver and the
 * supplier would (DB shortcuts only for the questionnaire's answers and for sessions); PUBLICITY moves on
 * by its timer. Times each node-completing call. `tolerant` (the fault
 * loop): any 5xx or failed connection is retried after a pause, database reads too, as a user retries
 * while a part of the system restarts; `during` runs beside the driving (the faults). `requestKeys`
 * (the fault loop): every write carries an Idempotency-Key, the same on its retries, as the web client
 * sends it; a retry must then be answered like the first attempt, and one that is not is counted.
 */
export async function driveFlows(
  stack: BenchStack,
  opts: { count: number; tolerant?: boolean; requestKeys?: boolean; during?: (flows: string[]) => Promise<void> },
): Promise<DrivenFlows> {
  const FLOWS = opts.count;
  const db = stack.db.db;
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const client = new Client({ connection, namespace: stack.config.TEMPORAL_NAMESPACE });
  const pause = () => new Promise((r) => setTimeout(r, 500));
  /** A read of the bench's own, retried in the fault loop while the database restarts. */
  const read = async <T>(fn: () => Promise<T>): Promise<T> => {
    for (;;) {
      try {
        return await fn();
      } catch (err) {
        if (!opts.tolerant) throw err;
        await pause();
      }
    }
  };

  let retried = 0;
  let non2xx = 0;
  /** Writes answered 202 (accepted by the engine, result later than the wait), by path. */
  let pending = 0;
  const pendingAt = new Map<string, number>();
  /** The 503s by path, to see which calls miss the engine's deadline. */
  const unavailableAt = new Map<string, number>();
  /**
   * Requests sent on a kept-alive connection the server closed as idle in the same instant (client and
   * server share one starved event loop here): sent again, as a browser does; the update ids derived from
   * the request make a repeat safe. Counted.
   */
  let resets = 0;
  // A 503 (the engine did not answer within the call deadline) is retried as the screens let a user
  // retry: the update id derived from the request makes the retry safe. Retries are counted.
  // A retry may find its work already done (the first call timed out after the engine had acted):
  // the node is then no longer in progress, which is what the user would see on reloading, and the
  // answer the lost call would have given (the node finished, the next one open) is awaited.
  /** Keyed retries answered otherwise than their first attempt would have been (a 409 for a write that went through). */
  let answeredDifferently = 0;
  const answeredDifferentlyKeys: string[] = [];
  const call: Call = async (path, body, as, completes) => {
    let timedOut = false;
    const key = opts.requestKeys && body !== undefined ? randomUUID() : undefined;
    /** This call's attempts (time and answer), printed when a keyed retry is answered otherwise. */
    const attempts: string[] = [];
    for (;;) {
      try {
        const data = await callOnce(path, body, as, key);
        // 202: the engine has the write and still carries it out. A success; the driver then waits, as the
        // screen refetches, for the node to have moved on.
        if ((data as { pending?: boolean } | null)?.pending === true) {
          const at = path.split('?')[0];
          pendingAt.set(at, (pendingAt.get(at) ?? 0) + 1);
          pending++;
          const { flowNo } = (body ?? {}) as { flowNo?: string };
          if (flowNo && completes) await settled(flowNo, completes, 'pending');
        }
        return data;
      } catch (err) {
        const message = err instanceof Error ? err.message : '';
        if (key) attempts.push(`${new Date().toISOString().slice(11, 23)} ${message.replace(`${path}: `, '') || String(err)}`);
        if (isConnectionReset(err)) {
          resets++;
          continue;
        }
        // The key's first attempt still runs: asked again with the same key after the pause it names.
        if (key && message.includes(': 409 ') && message.includes('Idempotency-Key')) {
          await new Promise((r) => setTimeout(r, 1_000));
          retried++;
          continue;
        }
        if (key && timedOut && message.includes(': 409 ')) {
          answeredDifferently++;
          answeredDifferentlyKeys.push(key);
          console.log(`a keyed retry answered otherwise than its first attempt (key ${key}): ${message}`);
          console.log(attempts.map((a) => `    ${a}`).join('\n'));
        }
        if (timedOut && message.includes(': 409 ')) {
          const { flowNo } = (body ?? {}) as { flowNo?: string };
          if (flowNo && completes) await settled(flowNo, completes);
          return undefined;
        }
        const failedCall = opts.tolerant && (/: 5\d\d /.test(message) || err instanceof TypeError);
        if (!message.includes(': 503 ') && !failedCall) throw err;
        if (failedCall) await pause();
        const at = path.split('?')[0];
        unavailableAt.set(at, (unavailableAt.get(at) ?? 0) + 1);
        timedOut = true;
        retried++;
      }
    }
  };
  // Read as the user's reload reads it (the DB) first: a query needs the busy worker too and may time
  // out under this load (it is then asked again).
  const settled = async (flowNo: string, node: string, after: 'refused' | 'pending' = 'refused') => {
    // A node that never finishes after its write was answered 409 or 202 is a lost completion or a stuck
    // flow: reported for the flow (below) instead of waiting for ever. The fault loop gives the restarted
    // parts the longer limit, and fails naming the flow.
    const limit = after === 'pending' || opts.tolerant ? PENDING_SETTLE_LIMIT_MS : SETTLE_LIMIT_MS;
    const giveUpAt = Date.now() + limit;
    for (;;) {
      if (Date.now() > giveUpAt) {
        const why = after === 'pending' ? 'its write was answered 202' : 'its retried write was refused';
        throw new Error(`${flowNo}: not past ${node} ${limit / 1000} s after ${why} (the completion lost, or the next node opened later than that)`);
      }
      const row = await read(() =>
        db
        .selectFrom('cert_flow as f')
        .innerJoin('cert_flow_node as done', (j) => j.onRef('done.flow_no', '=', 'f.flow_no').on('done.node_code', '=', node))
        .leftJoin('cert_flow_node as n', (j) => j.onRef('n.flow_no', '=', 'f.flow_no').onRef('n.node_code', '=', 'f.current_node_code'))
        .select(['f.stage', 'done.status as doneStatus', 'n.status'])
        .where('f.flow_no', '=', flowNo)
        .executeTakeFirstOrThrow());
      if (row.stage === STAGE.FINISHED || row.stage === STAGE.TERMINATED) return;
      if (row.doneStatus === NODE_STATUS.FINISHED && row.status === NODE_STATUS.IN_PROGRESS) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    // The DB shows the next node open a moment before the workflow has taken its opening in: the lost
    // answer came only then (its next write, e.g. the supplier-code submit, is refused before).
    const handle = client.workflow.getHandle(certFlowWorkflowId(flowNo));
    for (;;) {
      const state = await handle.query(stateQuery).catch(() => undefined);
      if (state && (state.terminated || state.stage === STAGE.FINISHED || (state.nodeOpen && (state.finishedNodes as readonly string[]).includes(node)))) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const callOnce = async (path: string, body?: unknown, as?: Caller, key?: string) => {
    const caller = http(stack.appUrl).as(as ?? null).locale('zh');
    const api = key ? caller.header('Idempotency-Key', key) : caller;
    const res = body === undefined ? await api.get(path) : await api.post(path, body);
    if (res.status >= 300) non2xx++;
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.body?.message} ${JSON.stringify(res.body?.errors ?? '')}`);
    return res.body.data;
  };
  const nodeOpen = async (flowNo: string, nodeCode: string) => {
    for (;;) {
      const row = await read(() => db.selectFrom('cert_flow').select(['current_node_code', 'stage']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow());
      if (row.current_node_code === nodeCode || row.stage === STAGE.FINISHED || row.stage === STAGE.TERMINATED) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** When the flow's publicity period ends: its principal's task is due then (it exists once PUBLICITY has opened). */
  const publicityEndOf = async (flowNo: string) => {
    for (;;) {
      const task = await read(() =>
        db
          .selectFrom('cert_task')
          .select('end_time')
          .where('flow_no', '=', flowNo)
          .where('node_code', '=', 'PUBLICITY')
          .where('task_type', '=', 'NODE_PRINCIPAL')
          .executeTakeFirst());
      if (task?.end_time) return task.end_time.getTime();
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const upload = async (as: Caller) => {
    for (;;) {
      try {
        return await uploadDocument(http(stack.appUrl).as(as), 'evidence.pdf', pdfBytes('bench'), 'application/pdf');
      } catch (err) {
        if (isConnectionReset(err)) resets++;
        else if (opts.tolerant) await pause();
        else throw err;
      }
    }
  };
  /**
   * The application starts the workflow and answers at once; RFI is open once its opening activity
   * has logged. (Node completions need no such wait: they answer with the next node open.)
   */
  const rfiOpened = async (flowNo: string) => {
    for (;;) {
      const row = await read(() => db.selectFrom('operation_history').select('id').where('dedupe_key', '=', `open:${flowNo}:RFI`).executeTakeFirst());
      if (row) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  // Set-up (not timed): people, sessions, one stored file, 200 flows whose questionnaires are submitted.
  const scenario = await read(() => db.selectFrom('scenario').select('publicity_seconds').where('code', '=', 'NEW_SUPPLIER').executeTakeFirstOrThrow());
  await shortenScenarioPublicity(db, 'NEW_SUPPLIER', PUBLICITY_SECONDS);
  const cookieOf = new Map<string, string>();
  const cookie = async (jobNumber: string) => cookieOf.get(jobNumber) ?? cookieOf.set(jobNumber, (await read(() => staffSession(db, jobNumber))).cookie).get(jobNumber)!;
  const pm = await cookie('E10002');
  const staffDoc = await upload({ cookie: pm });
  const flows: string[] = [];
  for (let i = 0; i < FLOWS; i++) {
    const input = await validRegisterApply(db, { supplierName: `压测供应商${i}有限公司`, contactEmail: `bench-flow-${i}-${Date.now()}@example.com` });
    flows.push(((await call('/v1/cert-flow-node/create', input, { cookie: pm })) as { flowNo: string }).flowNo);
  }
  for (const flowNo of flows) {
    await rfiOpened(flowNo);
    // What the questionnaire's submit does after its transaction: the answers themselves are not under test here.
    await read(() => db.updateTable('rfi_application').set({ status: 20, submitted_at: new Date() }).where('flow_no', '=', flowNo).execute());
    await read(() => client.workflow.getHandle(certFlowWorkflowId(flowNo)).signal(rfiSubmittedSignal, { applyNo: `RFI${flowNo}` }));
  }
  for (const flowNo of flows) {
    for (;;) {
      const n = await read(() => db.selectFrom('cert_task').select('task_no').where('flow_no', '=', flowNo).where('task_type', 'in', ['PURCHASE_REVIEW', 'CMT_REVIEW']).execute());
      if (n.length === 2) break;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const completion = new Map<string, number[]>(NODES.map((n) => [n, []]));
  /** How long after its period's end each flow's PUBLICITY gave way to RELEASE. */
  const publicityLate: number[] = [];
  const timed = async (node: (typeof NODES)[number], fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    completion.get(node)!.push(performance.now() - t0);
  };
  let calls = 0;
  const counted: Call = (...args) => (calls++, call(...args));

  async function drive(flowNo: string): Promise<void> {
    const flow = await read(() => db.selectFrom('cert_flow').select('cmt_leader_job_number').where('flow_no', '=', flowNo).executeTakeFirstOrThrow());
    const tasks = await read(() => db.selectFrom('cert_task').select(['task_no', 'task_type']).where('flow_no', '=', flowNo).execute());
    const taskNo = (type: string) => tasks.find((t) => t.task_type === type)!.task_no;
    await counted('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: taskNo('PURCHASE_REVIEW') }, { cookie: pm });
    const leader = { cookie: await cookie(flow.cmt_leader_job_number) };
    await timed('RFI', () => counted('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: taskNo('CMT_REVIEW') }, leader, 'RFI'));
    await timed('APTITUDE', () => counted('/v1/cert-flow-aptitude/completed', { flowNo, description: '资质匹配', documentList: [staffDoc] }, { cookie: pm }, 'APTITUDE'));
    await timed('KCP1', () => counted('/v1/cert-flow-kcp/submit', { flowNo, nodeCode: 'KCP1', accessStatus: 10, documentList: [staffDoc] }, { cookie: pm }, 'KCP1'));

    const portal = await read(() => portalSession(db, flowNo));
    const supplierDoc = await upload(portal);
    const { rows } = (await counted(`/v1/self-inspection/detail?flowNo=${flowNo}`, undefined, { cookie: pm })) as SelfInspectionDetail;
    for (const row of rows) {
      const owner = { cookie: await cookie(row.principalId) };
      await counted('/v1/self-inspection/checklist/issue', { aid: row.aid, flowNo, ...staffDoc }, owner);
      await counted('/v1/self-inspection/checklist/submit', { aid: row.aid, selfScore: 88.5, ...supplierDoc }, portal);
    }
    for (const [i, row] of rows.entries()) {
      const owner = { cookie: await cookie(row.principalId) };
      const last = i === rows.length - 1;
      const audit = () => counted('/v1/self-inspection/audit-conclusion/submit', { aid: row.aid, flowNo, approveStatus: 50 }, owner, last ? 'SELF_INSPECTION' : undefined);
      // The last approval completes the node (req flow §4.2).
      if (last) await timed('SELF_INSPECTION', audit);
      else await audit();
    }

    const quality = 'E10020';
    const expertOf = (code: string) => (code === 'QUALITY' ? quality : 'E10030');
    await counted('/v1/system-cert/save-expert', { flowNo, items: INSPECTION_DIMENSIONS.map((d) => ({ indexCode: d.code, approveExpertId: expertOf(d.code) })) }, { cookie: pm });
    for (const d of INSPECTION_DIMENSIONS) {
      await counted(
        '/v1/system-cert/save',
        { flowNo, indexCode: d.code, targetList: AUDIT_TARGETS[d.code].map((t) => ({ targetCode: t.code, score: 85 })), expertConclusionStatus: 10, documentList: [] },
        { cookie: await cookie(expertOf(d.code)) },
      );
    }
    await timed('SYSTEM_CERT', async () => counted('/v1/system-cert/complete', { flowNo }, { cookie: await cookie(quality) }, 'SYSTEM_CERT'));

    await timed('SAMPLE_CERT', async () =>
      counted('/v1/sample-cert/finish', { flowNo, accessStatus: 10, description: '样件认证通过', documentList: [staffDoc] }, { cookie: await cookie('E10021') }, 'SAMPLE_CERT'),
    );

    // KCP2: an ordinary access conclusion, the supplier-code application approved by the CMT leader,
    // the ERP's code awaited, then the meeting completed (req flow §4.4, §4.5).
    await counted('/v1/supplier-assessment/save', { flowNo, accessStatus: 10, documentList: [staffDoc] }, { cookie: pm });
    await counted('/v1/supplier-assessment/init_supplier-pre-release', { flowNo }, { cookie: pm });
    const { version } = (await counted(`/v1/supplier-release/get-supplier-info?flowNo=${flowNo}`, undefined, { cookie: pm })) as { version: number };
    const form = validReleaseForm({ fileUrl: staffDoc.documentUrl });
    form.basicInfo.creditCode = newTaxNumber();
    await timed('SUPPLIER_CODE', async () => {
      await counted('/v1/supplier-release/submit', { flowNo, version, form }, { cookie: pm });
      // The submit answers once the approval is open: its number is on the row and the approver's task written;
      // answered 202, the approver's task comes a moment later (the screen refetches until it is there).
      const approval_no = await (async () => {
        for (;;) {
          const row = await read(() =>
            db
            .selectFrom('supplier_release as r')
            .leftJoin('cert_task as t', (j) => j.onRef('t.apply_no', '=', 'r.approval_no').on('t.task_type', '=', 'APPROVAL'))
            .select(['r.approval_no', 't.task_no'])
            .where('r.flow_no', '=', flowNo)
            .executeTakeFirstOrThrow());
          if (row.approval_no && row.task_no) return row.approval_no;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      await counted('/v1/cert-flow-node/audit-pass', { flowNo, taskNo: approvalTaskNo(approval_no, 1) }, leader);
      for (;;) {
        const row = await read(() => db.selectFrom('supplier_release').select(['status', 'sap_result']).where('flow_no', '=', flowNo).executeTakeFirstOrThrow());
        if (row.status === RELEASE_STATUS.APPROVED) break;
        if (row.status === RELEASE_STATUS.REJECTED) throw new Error(`${flowNo}: the ERP refused: ${row.sap_result}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    });
    await timed('KCP2', () => counted('/v1/supplier-assessment/complete', { flowNo, accessStatus: 10, documentList: [staffDoc] }, { cookie: pm }, 'KCP2'));

    // PUBLICITY moves on by its durable timer; RELEASE then waits for its principal's confirmation. The
    // driver looks only from the period's end, as a user would: asking every 50 ms through the whole period
    // put some 400 reads per flow on the database (a third of its statements) that no user makes.
    const publicityEnd = await publicityEndOf(flowNo);
    await new Promise((r) => setTimeout(r, Math.max(0, publicityEnd - Date.now())));
    await nodeOpen(flowNo, 'RELEASE');
    publicityLate.push(Date.now() - publicityEnd);
    await timed('RELEASE', () => counted('/v1/supplier-release/confirm', { flowNo }, { cookie: pm }, 'RELEASE'));
  }

  for (const jobNumber of ['E10010', 'E10011', 'E10020', 'E10021', 'E10022', 'E10023', 'E10024', 'E10030']) await cookie(jobNumber);
  const { rows: [{ name: database }] } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const watch = watchCpu({ workerPid: stack.processes?.worker.pid, temporalPid: stack.processes?.temporal.pid, database });
  const t0 = performance.now();
  /** Flows given up (outside the fault loop: a completion lost or later than the limit), with the reason; the others go on. */
  const failures: string[] = [];
  const driven = (flowNo: string) =>
    drive(flowNo).catch((err: unknown) => {
      if (opts.tolerant) throw err;
      failures.push(err instanceof Error ? err.message : String(err));
      console.log(`flow ${flowNo} not driven to its end: ${String(err)}`);
    });
  await Promise.all([...flows.map(driven), opts.during?.(flows)]);
  const total = performance.now() - t0;
  const cpu = watch.stop();
  await read(() => shortenScenarioPublicity(db, 'NEW_SUPPLIER', scenario.publicity_seconds));
  const admitted = await db.selectFrom('cert_flow').select(db.fn.countAll<string>().as('n')).where('flow_no', 'in', flows).where('stage', '=', STAGE.FINISHED).executeTakeFirstOrThrow();
  await connection.close();
  return { flows, total, calls, retried, non2xx, pending, pendingAt, resets, unavailableAt, completion, publicityLate, admitted: Number(admitted.n), answeredDifferently, answeredDifferentlyKeys, cpu, failures };
}

/**
 * 200 flows driven concurrently through every node of the certification flow to stage 90 (driveFlows),
 * against 200 bare workflows taking the same number of Updates with no activity and no database, in the
 * same run on the same Temporal server. The bare workflows wait the flows' publicity period as a timer
 * before their last update, as the flows do before RELEASE (a flow cannot finish sooner than its
 * period, so a baseline without it compares a wait with work); the ratio without the timer is printed
 * too. The flows' other API calls (forms, reads, uploads: about 35 a flow) stay in the flows' time:
 * they are the application's work the goal measures.
 */
export async function benchConcurrentFlows(stack: BenchStack): Promise<ConcurrentFlowsResult> {
  const FLOWS = Number(process.env.BENCH_FLOWS ?? 200);
  // Every write carries a request key, as the web client's do (web/api/client.ts): a write answered 503 whose first
  // attempt went through is then answered as that attempt on its retry — without one, a retried self-inspection
  // conclusion meets its row concluded and never completes the node (1,000 flows: 56 flows given up).
  const { total, calls, retried, non2xx, pending, pendingAt, resets, unavailableAt, completion, publicityLate, admitted, cpu, failures } = await driveFlows(stack, { count: FLOWS, requestKeys: true });
  // Printed at once: at a thousand flows the baselines below take many minutes more, and a run stopped
  // during them should still leave the flows' own figures.
  console.log(`${FLOWS} flows driven in ${(total / 1000).toFixed(1)} s: ${admitted} at stage 90, ${non2xx} non-2xx, ${retried} retried, ${pending} answered 202 (accepted, still running); the bare baselines follow`);
  if (cpu) printTable(`CPU while the flows were driven (${cpu.wallSeconds.toFixed(1)} s wall clock)`, cpuRows(cpu, { count: FLOWS, what: 'flow' }));
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const client = new Client({ connection, namespace: stack.config.TEMPORAL_NAMESPACE });

  // Baselines: as many bare workflows, each taking the same updates one after another — first with the
  // flows' publicity period as a timer before the last update (what the goal is judged on), then without.
  const taskQueue = `bench-bare-${process.pid}`;
  const worker = await Worker.create({
    connection: await NativeConnection.connect({ address: stack.temporalAddress }),
    namespace: stack.config.TEMPORAL_NAMESPACE,
    taskQueue,
    workflowsPath: fileURLToPath(new URL('./bare-flow/workflow.ts', import.meta.url)),
  });
  const bare = async (publicity?: BarePublicity) => {
    const times: number[] = [];
    const handles = await Promise.all(
      Array.from({ length: FLOWS }, (_, i) =>
        client.workflow.start(bareFlow, { taskQueue, workflowId: `bench-bare-${Date.now()}-${i}`, args: publicity ? [COMPLETIONS, publicity] : [COMPLETIONS] }),
      ),
    );
    const b0 = performance.now();
    await Promise.all(
      handles.map(async (h) => {
        for (let step = 1; step <= COMPLETIONS; step++) {
          // As the flows' driver waits for RELEASE open, untimed.
          if (publicity && step === publicity.afterStep + 1) await h.executeUpdate(publicityOverUpdate);
          const s0 = performance.now();
          await h.executeUpdate(stepUpdate, { args: [step] });
          times.push(performance.now() - s0);
        }
        await h.result();
      }),
    );
    return { total: performance.now() - b0, times };
  };
  let withTimer = { total: 0, times: [] as number[] };
  let withoutTimer = { total: 0, times: [] as number[] };
  let bareCpu: ReturnType<CpuWatch['stop']>;
  await worker.runUntil(async () => {
    const watch = watchCpu({ temporalPid: stack.processes?.temporal.pid });
    withTimer = await bare({ afterStep: UPDATES_BEFORE_PUBLICITY, ms: PUBLICITY_SECONDS * 1000 });
    bareCpu = watch.stop();
    withoutTimer = await bare();
  });
  const bareTimes = withTimer.times;
  const bareTotal = withTimer.total;
  await connection.close();

  const all = NODES.filter((n) => n !== 'SUPPLIER_CODE').flatMap((n) => completion.get(n)!);
  const rows: Array<[string, string]> = [
    [`${FLOWS} flows to stage 90`, `${(total / 1000).toFixed(1)} s total (publicity ${PUBLICITY_SECONDS} s), ${calls} API calls (${(calls / (total / 1000)).toFixed(0)} calls/s), ${retried} retried after a 503`],
    ['flows admitted (stage 90)', `${admitted} of ${FLOWS}`],
    ['flows given up (not past a node in time after a refused retry)', `${failures.length}${failures.length ? `: ${failures.join('; ')}` : ''}`],
    ['non-2xx answers', `${non2xx} (503s retried: ${retried})`],
    ['connections reset by the server while idle (request sent again)', String(resets)],
    ...[...unavailableAt].map(([at, n]): [string, string] => [`  503 at ${at}`, String(n)]),
    ['202 answers (accepted by the engine, result later than the wait; a success, then the node awaited)', String(pending)],
    ...[...pendingAt].map(([at, n]): [string, string] => [`  202 at ${at}`, String(n)]),
    ['publicity: moved on after its end', `p50 ${ms(percentile(publicityLate, 50))}, p95 ${ms(percentile(publicityLate, 95))}`],
    [
      `${FLOWS} bare workflows × ${COMPLETIONS} updates, publicity timer ${PUBLICITY_SECONDS} s before the last`,
      `${(bareTotal / 1000).toFixed(1)} s total → flows take ${ratio(total, bareTotal)} the bare time`,
    ],
    ['bare update p95 (with the timer)', ms(percentile(bareTimes, 95))],
    [
      `  the same without the timer`,
      `${(withoutTimer.total / 1000).toFixed(1)} s total (flows ${ratio(total, withoutTimer.total)}), update p95 ${ms(percentile(withoutTimer.times, 95))}`,
    ],
    ['node completion p95 (all nodes)', `${ms(percentile(all, 95))} → ${ratio(percentile(all, 95), percentile(bareTimes, 95))} the bare update p95`],
    ['CPU while the bare workflows ran (with the timer; their worker is in the bench driver)', ''],
    ...cpuRows(bareCpu!, { count: FLOWS, what: 'workflow' }),
  ];
  for (const node of NODES) {
    const t = completion.get(node)!;
    const what = node === 'SUPPLIER_CODE' ? 'submit → approval → ERP code' : `${node} completing call`;
    rows.push([`  ${what}`, `p50 ${ms(percentile(t, 50))}, p95 ${ms(percentile(t, 95))}`]);
  }
  printTable(`Concurrent flows (${describeShape(stack)})`, rows);
  return {
    flows: FLOWS,
    admitted,
    non2xx,
    retried,
    pending,
    totalMs: total,
    bareTotalMs: bareTotal,
    bareWithoutTimerMs: withoutTimer.total,
    completionP95: percentile(all, 95),
    bareP95: percentile(bareTimes, 95),
  };
}

/** Both shapes side by side, each goal with its ratio against the bare workflows of the same shape's run. */
export function printShapeComparison(results: Partial<Record<Shape, ConcurrentFlowsResult>>): void {
  const shapes = (['production', 'embedded'] as const).filter((s) => results[s]);
  const cell = (f: (r: ConcurrentFlowsResult) => string) => shapes.map((s) => `${s}: ${f(results[s]!)}`).join('   ');
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  printTable('Concurrent flows: the goals in both shapes', [
    ['flows admitted', cell((r) => `${r.admitted}/${r.flows}`)],
    ['non-2xx answers (goal 0)', cell((r) => `${r.non2xx} (${met(r.non2xx === 0)})`)],
    ['retries needed (goal 0)', cell((r) => `${r.retried} (${met(r.retried === 0)})`)],
    ['answered 202, accepted and still running (a success)', cell((r) => String(r.pending))],
    ['whole run / bare workflows, same updates and timer (goal ≤ 2×)', cell((r) => `${ratio(r.totalMs, r.bareTotalMs)} (${met(r.totalMs <= 2 * r.bareTotalMs)})`)],
    ['  (against bare workflows without the timer)', cell((r) => ratio(r.totalMs, r.bareWithoutTimerMs))],
    ['node completion p95 / bare update p95 (goal ≤ 1.5×)', cell((r) => `${ratio(r.completionP95, r.bareP95)} (${met(r.completionP95 <= 1.5 * r.bareP95)})`)],
  ]);
}

/** fetch's failure when the kept-alive socket it reused was closed by the server before the request went out. */
function isConnectionReset(err: unknown): boolean {
  const code = err instanceof TypeError ? (err.cause as { code?: string } | undefined)?.code : undefined;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
}
