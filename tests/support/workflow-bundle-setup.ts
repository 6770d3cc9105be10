import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleWorkflows } from './temporal.ts';

/**
 * Vitest global setup: the workflow code bundled once for the whole run, into a throw-away file named by
 * TEST_WORKFLOW_BUNDLE, which the test files, the stacks they start and the worker processes they spawn
 * inherit (`workflowBundle`, `prebuiltWorkflowBundle` in tests/support/temporal.ts). Every test file runs in
 * a process of its own, and bundling there cost each file with a worker some 2.5 s of CPU. In watch mode the
 * workflow code may change between runs, so each process bundles its own as before.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (project.config.watch) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'workflow-bundle-'));
  const file = path.join(dir, 'workflow-bundle.js');
  fs.writeFileSync(file, (await bundleWorkflows()).code);
  process.env.TEST_WORKFLOW_BUNDLE = file;
  return () => {
    delete process.env.TEST_WORKFLOW_BUNDLE;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
