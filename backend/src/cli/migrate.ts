/**
 * `node backend/dist/cli/migrate.js`: runs the committed migrations, then the idempotent seed,
 * against DATABASE_URL; exits 0 on success, 1 on failure (with the reason).
 */
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../app/data-source-options.js';
import { runSeed } from '../app/seed/seed.js';

/**
 * Applies pending migrations and the seed in one call. Creates the database first when the
 * server answers but the database does not exist yet.
 * @returns names of the migrations applied now.
 */
export async function migrateAndSeed(databaseUrl: string, opts: { seed?: boolean } = {}): Promise<string[]> {
  await ensureDatabaseExists(databaseUrl);
  const ds = new DataSource(dataSourceOptions(databaseUrl));
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    if (opts.seed !== false) await runSeed(ds);
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

/** CREATE DATABASE when it is missing (connects to the server's `postgres` database to do it). */
export async function ensureDatabaseExists(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) return;
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { loadEnvOrExit } = await import('../platform/config/env.js');
  const env = loadEnvOrExit();
  migrateAndSeed(env.DATABASE_URL)
    .then((applied) => {
      process.stdout.write(`migrations applied: ${applied.length ? applied.join(', ') : 'none (up to date)'}; seed done\n`);
      process.exit(0);
    })
    .catch((err: unknown) => {
      process.stderr.write(`migration failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    });
}
