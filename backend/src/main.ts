/** The api process: `node backend/dist/main.js`. Stops gracefully on SIGTERM/SIGINT. */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadEnvOrExit } from './platform/config/env.js';
import { createApp } from './app/create-api.js';
import { exitGracefullyOnSignals } from './platform/lifecycle/graceful-shutdown.js';

const env = loadEnvOrExit();
const app = await createApp(env);
exitGracefullyOnSignals('api', () => app.close());
await app.listen(env.PORT, env.HOST);
new Logger('Bootstrap').log(`api listening on ${await app.getUrl()} (public URL ${env.PUBLIC_URL})`);
