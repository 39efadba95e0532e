/**
 * DataSource for the TypeORM CLI (run on the compiled file):
 *   node node_modules/typeorm/cli.js migration:generate -d backend/dist/database/data-source.js backend/src/database/migrations/<Name>
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../app/data-source-options.js';

export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ironclad'));
