import { type DynamicModule, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ConfigModule } from './config/config.module.js';
import { ConfigurationCacheModule } from './config/configuration-cache.js';
import type { Env } from './config/env.js';
import type { EntityList } from './database/data-source-options.js';
import { DatabaseModule } from './database/database.module.js';
import { ProviderCircuitsModule } from './providers/provider-circuits.js';
import { QueueModule } from './queue/queue.module.js';
import { LiveEventsModule } from './realtime/live-events.js';

/**
 * What every process of the back end stands on: the parsed environment, Postgres (with the
 * composition root's entities), the queues (producer only in the api; the job host in the
 * worker), live events over Redis, the configuration cache (invalidated over Redis) and the
 * in-process event bus, and the providers' circuit breakers.
 */
@Module({})
export class PlatformModule {
  static forRoot(env: Env, opts: { role: 'api' | 'worker'; entities: EntityList }): DynamicModule {
    return {
      module: PlatformModule,
      imports: [
        ConfigModule.forRoot(env),
        DatabaseModule.forRoot(opts.entities),
        QueueModule.forRoot(opts.role === 'api' ? 'producer' : 'worker'),
        LiveEventsModule,
        ConfigurationCacheModule,
        EventEmitterModule.forRoot(),
        ProviderCircuitsModule,
      ],
    };
  }
}
