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
