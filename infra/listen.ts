import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Config } from './config.ts';

/**
 * The app on HOST:PORT. HOST defaults to the loopback interface, so an embedded install is not
 * reachable from the network unless HOST says so (the container sets 0.0.0.0).
 */
export function listen(app: Express, config: Pick<Config, 'HOST' | 'PORT'>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(config.PORT, config.HOST, () => resolve(server)).once('error', reject);
  });
}
