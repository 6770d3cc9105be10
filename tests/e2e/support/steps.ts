import { it } from 'vitest';

/**
 * Steps of one story that build on each other: after a failure the later ones stop at once with
 * "not run" instead of each waiting out its timeout on a page that never got there.
 */
export function chainedSteps(defaultTimeout?: number) {
  let broken = false;
  return (name: string, steps: () => Promise<void>, timeout = defaultTimeout) =>
    it(
      name,
      async () => {
        if (broken) throw new Error('not run: an earlier step failed');
        try {
          await steps();
        } catch (err) {
          broken = true;
          throw err;
        }
      },
      timeout,
    );
}
