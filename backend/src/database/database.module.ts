import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ENV, type Env } from '../config/env.js';
import { dataSourceOptions } from './data-source-options.js';

/** The Postgres connection (system of record) for the api and the worker. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ENV],
      useFactory: (env: Env) => ({ ...dataSourceOptions(env.DATABASE_URL), autoLoadEntities: false }),
    }),
  ],
})
export class DatabaseModule {}
