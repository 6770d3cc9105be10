import { loadConfig, type Config } from './config.ts';
import { startStack } from './stack.ts';

/**
 * Container entry point: the API, the worker or both (ROLE), against external services.
 * Unlike `npm start` it prints no demo logins and starts no dev server unless TEMPORAL_ADDRESS is unset.
 */
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // The message names every variable to fix; a stack trace would only bury it.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const stack = await startStack(config, (line) => console.log(line));
console.log(`ready: role=${config.ROLE}${stack.appUrl ? ` app=${stack.appUrl}` : ''}`);
// One of several API processes (serve-cluster.ts): its parent prints the address once all listen.
process.send?.({ appUrl: stack.appUrl });
const stop = async () => {
  await stack.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
