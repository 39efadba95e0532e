/**
 * Jest global setup: one migrated + seeded template database per run, made by the compiled
 * migration command (the same one production runs). Each test file copies it (test-db.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrate = path.resolve(here, '../../dist/cli/migrate.js');
const server = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';

export default async function globalSetup() {
  if (!existsSync(migrate)) throw new Error(`${migrate} is missing: run \`npm run build\` first (npm test does it)`);
  const name = `ironclad_tpl_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  execFileSync(process.execPath, [migrate], {
    env: { ...process.env, DATABASE_URL: `${server}/${name}`, NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.env.IRONCLAD_TEST_TEMPLATE_DB = name;
}
