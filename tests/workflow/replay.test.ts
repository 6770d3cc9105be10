import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import { HISTORIES_DIR, patchMarkers } from '../support/histories.ts';
import { workflowBundle } from '../support/temporal.ts';

/**
 * Recorded histories of every node path must replay against the current workflow code: a change
 * that would break running flows fails here (guard it with patched()). The histories recorded
 * before a patch stay in a folder named for it (`before-<patch id>/`) until the patch is removed,
 * so the code's old branch keeps being replayed too.
 */
describe('replay of recorded workflow histories (flows and their approvals)', () => {
  const files = fs.existsSync(HISTORIES_DIR)
    ? fs.readdirSync(HISTORIES_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json')).sort()
    : [];

  it('has recorded histories to replay', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s replays without nondeterminism', async (file) => {
    // runReplayHistory accepts the JSON form of a history as fetchHistory() gives it.
    const history: unknown = JSON.parse(fs.readFileSync(path.join(HISTORIES_DIR, file), 'utf8'));
    await Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, file.replace(/\.json$/, ''));
  });

  // A patch asked later in a run may replay in another task than it was recorded in, and stop the run (run-patches.ts).
  it.each(files.filter((f) => !f.startsWith('before-')))('%s, recorded by the current code, has its patches from its first task', (file) => {
    const markers = patchMarkers(fs.readFileSync(path.join(HISTORIES_DIR, file), 'utf8'));
    expect(markers.filter((m) => !m.inFirstTask)).toEqual([]);
  });
});
