/** The api process: `node backend/dist/main.js`. Stops gracefully on SIGTERM/SIGINT. */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadEnvOrExit } from './config/env.js';
import { createApp } from './app.factory.js';

const env = loadEnvOrExit();
const app = await createApp(env);
await app.listen(env.PORT, env.HOST);
new Logger('Bootstrap').log(`api listening on ${await app.getUrl()} (public URL ${env.PUBLIC_URL})`);
