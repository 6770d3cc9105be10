import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Config } from './config.ts';

/**
 * The app on HOST:PORT. HOST defaults to the loopback interface, so an embedded install is not
 * reachable from the network unless HOST says so (the container sets 0.0.0.0).
 * Express 5 hands a listen error (the port taken) to the callback rather than throwing it, so the
 * callback's argument decides: without this the caller got a server that was not listening.
 */
export function listen(app: Express, config: Pick<Config, 'HOST' | 'PORT'>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(config.PORT, config.HOST, (err) => (err ? reject(err) : resolve(server)));
  });
}
