import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ENV, type Env } from '../config/env.js';
import { postgresOptions, type EntityList } from './data-source-options.js';

/** The Postgres connection (system of record) for the api and the worker. */
@Module({})
export class DatabaseModule {
  /** @param entities every entity of the process (the composition root's list). */
  static forRoot(entities: EntityList): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [ENV],
          useFactory: (env: Env) => ({ ...postgresOptions(env.DATABASE_URL, entities), autoLoadEntities: false }),
        }),
      ],
    };
  }
}
