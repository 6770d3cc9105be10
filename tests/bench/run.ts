import { startTestStack } from '../support/stack.ts';
import { benchApplyToMail } from './apply-to-mail.ts';
import { benchCurrentUser } from './current-user-throughput.ts';
import { benchPageJavascript } from './page-javascript.ts';
import { benchLargestSave } from './rfi-save.ts';

/**
 * `npm run bench`: the benchmarks, each printing its figures against a baseline measured in the
 * same run on the same machine. Needs the production web build (`npm run build`).
 */
const stack = await startTestStack();
try {
  console.log(`Benchmarks on ${stack.appUrl} (embedded stack: PGlite, Temporal dev server)`);
  await benchApplyToMail(stack);
  await benchCurrentUser(stack);
  await benchPageJavascript(stack);
  await benchLargestSave(stack);
} finally {
  await stack.stop();
}
