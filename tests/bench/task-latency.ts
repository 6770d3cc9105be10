import { Client, Connection } from '@temporalio/client';
import proto from '@temporalio/proto';
import { percentile } from './stats.ts';

/**
 * Where a benchmark's workflow tasks waited, from the histories of a run kept with `BENCH_KEEP_DATA=1`: start a
 * server on a copy of its SQLite file (`temporal server start-dev --db-filename <copy> --port 7399 --headless`),
 * then `npx tsx tests/bench/task-latency.ts 127.0.0.1:7399`. Per workflow type: schedule → start of the tasks on
 * the sticky and the normal queue, start → completion, the first task after the run's start (for an approval, the
 * task that accepts the approver's decision), schedule-to-start timeouts (a sticky task not taken within the
 * worker's `stickyQueueScheduleToStartTimeout`, then sent to the normal queue and replayed from its whole history);
 * and the tasks in flight each 30 s (a worker's slots bound them).
 */
const { EventType, TaskQueueKind, TimeoutType } = proto.temporal.api.enums.v1;

interface TypeFigures {
  runs: number;
  sticky: number[];
  normal: number[];
  running: number[];
  firstTask: number[];
  firstAccepted: number[];
  /** The approval written (its opening activity done, the approver's task visible) → the flow's command starting it. */
  approvalStart: number[];
  /** The same, where a workflow task of the flow timed out in between. */
  approvalStartAfterTimeout: number[];
  scheduleToStartTimeouts: number;
  startToCloseTimeouts: number;
  normalQueues: Map<string, number>;
}

const address = process.argv[2] ?? '127.0.0.1:7399';
const connection = await Connection.connect({ address });
const client = new Client({ connection });
const ms = (t: proto.google.protobuf.ITimestamp | null | undefined) => (t ? Number(t.seconds) * 1000 + Math.floor((t.nanos ?? 0) / 1e6) : 0);
const byType = new Map<string, TypeFigures>();
const busy: Array<{ from: number; to: number; type: string }> = [];

for await (const wf of client.workflow.list()) {
  const type = wf.type;
  let f = byType.get(type);
  if (!f) {
    f = { runs: 0, sticky: [], normal: [], running: [], firstTask: [], firstAccepted: [], approvalStart: [], approvalStartAfterTimeout: [], scheduleToStartTimeouts: 0, startToCloseTimeouts: 0, normalQueues: new Map() };
    byType.set(type, f);
  }
  f.runs++;
  const { events } = await client.workflow.getHandle(wf.workflowId, wf.runId).fetchHistory();
  let runStart = 0;
  let scheduled: { at: number; sticky: boolean } | undefined;
  let taskStart = 0;
  let firstTask = true;
  let firstAccepted = true;
  const activityTypes = new Map<string, string>();
  let approvalOpened: { at: number; timedOut: boolean } | undefined;
  for (const e of events ?? []) {
    const at = ms(e.eventTime);
    switch (e.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
        runStart = at;
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED: {
        const queue = e.workflowTaskScheduledEventAttributes!.taskQueue!;
        const sticky = queue.kind === TaskQueueKind.TASK_QUEUE_KIND_STICKY;
        if (!sticky) f.normalQueues.set(queue.name!, (f.normalQueues.get(queue.name!) ?? 0) + 1);
        scheduled = { at, sticky };
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_TASK_STARTED:
        if (scheduled) (scheduled.sticky ? f.sticky : f.normal).push(at - scheduled.at);
        if (firstTask) f.firstTask.push(at - runStart);
        firstTask = false;
        taskStart = at;
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
        f.running.push(at - taskStart);
        busy.push({ from: taskStart, to: at, type });
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
        activityTypes.set(String(e.eventId), e.activityTaskScheduledEventAttributes!.activityType!.name!);
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
        if (activityTypes.get(String(e.activityTaskCompletedEventAttributes!.scheduledEventId)) === 'openApproval') approvalOpened = { at, timedOut: false };
        break;
      case EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED:
        if (approvalOpened) (approvalOpened.timedOut ? f.approvalStartAfterTimeout : f.approvalStart).push(at - approvalOpened.at);
        approvalOpened = undefined;
        break;
      case EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT:
        if (approvalOpened) approvalOpened.timedOut = true;
        if (e.workflowTaskTimedOutEventAttributes!.timeoutType === TimeoutType.TIMEOUT_TYPE_SCHEDULE_TO_START) f.scheduleToStartTimeouts++;
        else f.startToCloseTimeouts++;
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED:
        if (firstAccepted) f.firstAccepted.push(at - runStart);
        firstAccepted = false;
        break;
    }
  }
}

const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
const line = (a: number[]) => (a.length ? `n ${a.length}, p50 ${s(percentile(a, 50))}, p95 ${s(percentile(a, 95))}, max ${s(Math.max(...a))}` : 'none');
for (const [type, f] of byType) {
  console.log(`\n${type}: ${f.runs} runs`);
  console.log(`  sticky queue, schedule → start: ${line(f.sticky)}`);
  console.log(`  normal queue, schedule → start: ${line(f.normal)}`);
  console.log(`  start → completion: ${line(f.running)}`);
  console.log(`  first task after the run's start: ${line(f.firstTask)}`);
  if (f.firstAccepted.length) console.log(`  first update accepted after the run's start: ${line(f.firstAccepted)}`);
  if (f.approvalStart.length + f.approvalStartAfterTimeout.length) {
    console.log(`  approval written → its start command: ${line([...f.approvalStart, ...f.approvalStartAfterTimeout])}`);
    console.log(`    where a workflow task timed out in between: ${line(f.approvalStartAfterTimeout)}`);
  }
  console.log(`  timed out: schedule-to-start ${f.scheduleToStartTimeouts}, start-to-close ${f.startToCloseTimeouts}`);
  console.log(`  normal queues: ${[...f.normalQueues].map(([q, n]) => `${q} ${n}`).join(', ')}`);
}

// Tasks in flight (started, not completed), sampled every 100 ms: mean / max per 30 s, by type.
if (busy.length) {
  const t0 = Math.min(...busy.map((b) => b.from));
  const samples = Math.ceil((Math.max(...busy.map((b) => b.to)) - t0) / 100) + 1;
  const inFlight = new Map<string, Int32Array>();
  for (const b of busy) {
    let counts = inFlight.get(b.type);
    if (!counts) inFlight.set(b.type, (counts = new Int32Array(samples)));
    for (let i = Math.ceil((b.from - t0) / 100); i * 100 <= b.to - t0; i++) counts[i]++;
  }
  console.log(`\nworkflow tasks in flight per 30 s, mean/max: ${[...inFlight.keys()].join(', ')}`);
  for (let from = 0; from < samples; from += 300) {
    const cells = [...inFlight.values()].map((counts) => {
      const window = counts.slice(from, from + 300);
      return `${(window.reduce((a, v) => a + v, 0) / window.length).toFixed(1)}/${Math.max(...window)}`;
    });
    console.log(`  ${from / 10} s: ${cells.join('  ')}`);
  }
}
await connection.close();
