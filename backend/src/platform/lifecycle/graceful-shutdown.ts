import { Logger } from '@nestjs/common';

/** A shutdown that takes longer than this (ms) is cut short, so a stop never hangs on a dead dependency. */
export const SHUTDOWN_DEADLINE_MS = 15_000;

/**
 * On SIGTERM/SIGINT: runs `close` (Nest's `app.close()`: stop taking work, let active requests
 * and jobs finish, close connections) and exits 0; exits 1 if it fails or takes longer than
 * SHUTDOWN_DEADLINE_MS. Used by the api and worker entry points.
 */
export function exitGracefullyOnSignals(name: string, close: () => Promise<void>): void {
  const logger = new Logger(name);
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.log(`${signal} received: finishing active work, then exiting`);
      setTimeout(() => {
        logger.error(`shutdown took over ${SHUTDOWN_DEADLINE_MS} ms; exiting`);
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error(`shutdown failed: ${err instanceof Error ? err.stack : String(err)}`);
          process.exit(1);
        },
      );
    });
  }
}
