import { benchApplyToMail } from './apply-to-mail.ts';
import { benchAssessmentCalc } from './assessment-calc.ts';
import { benchConcurrentFlows, printShapeComparison, type ConcurrentFlowsResult } from './concurrent-flows.ts';
import { benchCurrentUser } from './current-user-throughput.ts';
import { benchDashboard } from './dashboard.ts';
import { benchDuplicateCheck } from './duplicate-check.ts';
import { benchFlowList } from './flow-list.ts';
import { benchPageJavascript } from './page-javascript.ts';
import { benchLargestSave } from './rfi-save.ts';
import { benchReleaseSave } from './release-save.ts';
import { describeShape, startShape, type BenchStack, type Shape } from './shapes.ts';

/**
 * `npm run bench [-- <name> ...] [--shape=embedded|production]`: the benchmarks (all, or those
 * named), each printing its figures against a baseline measured in the same run on the same machine.
 * They run in the embedded shape and, with DATABASE_URL set, again in the production shape (API
 * processes, a worker process, PostgreSQL; infra/production-shape.ts) — the benchmarks marked for
 * it. Needs the production web build.
 */
type Bench = (stack: BenchStack) => Promise<unknown>;
const BENCHES: Record<string, { run: Bench; shapes: readonly Shape[] }> = {
  'apply-to-mail': { run: benchApplyToMail, shapes: ['embedded'] },
  'current-user': { run: benchCurrentUser, shapes: ['embedded', 'production'] },
  'page-javascript': { run: benchPageJavascript, shapes: ['embedded'] },
  'rfi-save': { run: benchLargestSave, shapes: ['embedded', 'production'] },
  'release-save': { run: benchReleaseSave, shapes: ['embedded'] },
  'flow-list': { run: benchFlowList, shapes: ['embedded', 'production'] },
  dashboard: { run: benchDashboard, shapes: ['embedded', 'production'] },
  'concurrent-flows': { run: benchConcurrentFlows, shapes: ['embedded', 'production'] },
  'assessment-calc': { run: benchAssessmentCalc, shapes: ['embedded'] },
  'duplicate-check': { run: benchDuplicateCheck, shapes: ['embedded', 'production'] },
};

const args = process.argv.slice(2);
const named = args.filter((a) => a in BENCHES);
const shapeArg = args.find((a) => a.startsWith('--shape='))?.slice('--shape='.length) as Shape | undefined;
// The production shape first: its figures are the goals', the embedded ones are printed beside them.
const shapes: Shape[] = shapeArg ? [shapeArg] : process.env.DATABASE_URL ? ['production', 'embedded'] : ['embedded'];
const wanted = named.length ? named : Object.keys(BENCHES);

const flows: Partial<Record<Shape, ConcurrentFlowsResult>> = {};
for (const shape of shapes) {
  const mine = wanted.filter((name) => BENCHES[name].shapes.includes(shape));
  if (!mine.length) continue;
  const stack = await startShape(shape);
  try {
    console.log(`\nBenchmarks on ${stack.appUrl} (${describeShape(stack)}, Temporal dev server)`);
    for (const name of mine) {
      const result = await BENCHES[name].run(stack);
      if (name === 'concurrent-flows') flows[shape] = result as ConcurrentFlowsResult;
    }
  } finally {
    await stack.stop();
  }
}
if (flows.embedded || flows.production) printShapeComparison(flows);
