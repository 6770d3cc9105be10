import fs from 'node:fs';
import path from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';

export const HISTORIES_DIR = path.resolve('tests/workflow/histories');

/**
 * With RECORD_HISTORIES=1, keeps the event history of a workflow path as JSON for the replay test:
 * `RECORD_HISTORIES=1 npx vitest run tests/workflow` after a deliberate change of a path.
 */
export async function recordHistory(name: string, handle: WorkflowHandle): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const history = await handle.fetchHistory();
  fs.mkdirSync(HISTORIES_DIR, { recursive: true });
  // The proto3 JSON form (what `temporal workflow show --output json` writes), which replay reads.
  fs.writeFileSync(path.join(HISTORIES_DIR, `${name}.json`), historyToJSON(history));
}

interface HistoryEventJson {
  eventType: string;
  markerRecordedEventAttributes?: { markerName: string; details?: Record<string, { payloads: { data?: string }[] }> };
}

/** A run of the current code asks its patches in its first task (workflows/run-patches.ts). */
export const PATCHES_OF_A_NEW_RUN = [{ patchId: 'patches-at-start', inFirstTask: true }];

/**
 * The patches a history's run asked (`core_patch` markers), each with whether it was recorded by the run's first
 * workflow task — where workflows/run-patches.ts asks them, so every replay sees them in the same task. A task's
 * commands follow its completion event.
 */
export function patchMarkers(history: unknown): { patchId: string; inFirstTask: boolean }[] {
  const { events } = (typeof history === 'string' ? JSON.parse(history) : history) as { events: HistoryEventJson[] };
  let tasksCompleted = 0;
  return events.flatMap(({ eventType, markerRecordedEventAttributes: m }) => {
    if (eventType === 'EVENT_TYPE_WORKFLOW_TASK_COMPLETED') tasksCompleted++;
    if (m?.markerName !== 'core_patch') return [];
    const data = m.details?.['patch-data']?.payloads[0]?.data ?? '';
    const { id } = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as { id: string };
    return [{ patchId: id, inFirstTask: tasksCompleted === 1 }];
  });
}
