import type { FastifyInstance } from 'fastify';

/*
 * How a node stops when its supervisor (systemd, Kubernetes, `npm run cluster`) asks with
 * SIGTERM or Ctrl-C: it stops taking requests (new ones are answered 503 while it closes,
 * Fastify's `return503OnClosing`, and the load balancer sends them elsewhere), lets the requests
 * in flight finish, lets the job worker finish its current job and hand back the leases of the
 * jobs it had claimed but not started, closes the database, and exits 0.
 */

/** The longest a node waits for requests in flight before it exits anyway. */
const gracefulStopLimitMs = 10_000;

/**
 * Closes `app` on the first SIGINT or SIGTERM and exits: 0 once everything is closed, or
 * after {@link gracefulStopLimitMs} with the requests still running cut off, 1 when closing
 * failed.
 */
export function stopGracefullyOnSignals(app: FastifyInstance, name: string): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, `stopping the ${name}: finishing the requests in flight`);
      const limit = setTimeout(() => {
        app.log.warn(
          { limitMs: gracefulStopLimitMs },
          `the ${name} stops with requests still running after the time limit`,
        );
        process.exit(0);
      }, gracefulStopLimitMs);
      limit.unref();
      app.close().then(
        () => {
          app.log.info(`the ${name} stopped`);
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error(error, `stopping the ${name} failed`);
          process.exit(1);
        },
      );
    });
  }
}
