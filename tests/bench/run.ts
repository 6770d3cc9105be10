import { startTestStack } from '../support/stack.ts';
import { benchApplyToMail } from './apply-to-mail.ts';
import { benchAssessmentCalc } from './assessment-calc.ts';
import { benchConcurrentFlows } from './concurrent-flows.ts';
import { benchCurrentUser } from './current-user-throughput.ts';
import { benchFlowList } from './flow-list.ts';
import { benchPageJavascript } from './page-javascript.ts';
import { benchLargestSave } from './rfi-save.ts';
import { benchReleaseSave } from './release-save.ts';

/**
 * `npm run bench [-- <name> ...]`: the benchmarks (all, or those named), each printing its figures
 * against a baseline measured in the same run on the same machine. Needs the production web build.
 */
const BENCHES = {
  'apply-to-mail': benchApplyToMail,
  'current-user': benchCurrentUser,
  'page-javascript': benchPageJavascript,
  'rfi-save': benchLargestSave,
  'release-save': benchReleaseSave,
  'flow-list': benchFlowList,
  'concurrent-flows': benchConcurrentFlows,
  'assessment-calc': benchAssessmentCalc,
} as const;

const wanted = process.argv.slice(2).filter((a) => a in BENCHES) as (keyof typeof BENCHES)[];
const stack = await startTestStack();
try {
  console.log(`Benchmarks on ${stack.appUrl} (embedded stack: ${stack.db.kind}, Temporal dev server)`);
  for (const name of wanted.length ? wanted : (Object.keys(BENCHES) as (keyof typeof BENCHES)[])) await BENCHES[name](stack);
} finally {
  await stack.stop();
}
