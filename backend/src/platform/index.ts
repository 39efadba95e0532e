/**
 * Entry point `@ironclad/backend/platform`: what a bootstrap (api or worker) needs of the
 * platform layer. The platform imports no feature.
 */
export { PlatformModule } from './platform.module.js';
export { ENV, loadEnvOrExit, parseEnv, type Env } from './config/env.js';
export { exitGracefullyOnSignals, SHUTDOWN_DEADLINE_MS } from './lifecycle/graceful-shutdown.js';
export { QueueWorkers } from './queue/queue-workers.js';
export { JobProcessor } from './queue/job-processor.js';
export { ConfigurationCache, configurationSubscriberName, type ConfigurationKey } from './config/configuration-cache.js';
