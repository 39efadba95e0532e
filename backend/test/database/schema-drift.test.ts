/**
 * Entities and committed migrations must describe the same schema (architecture.md "Conventions"):
 * on a freshly migrated database, TypeORM's schema builder must find nothing to change.
 * When this fails, generate a migration for the printed statements (see data-source.ts) and
 * register it in src/database/migrations/index.ts.
 */
import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/app/data-source-options.js';
import { MIGRATIONS } from '../../src/platform/database/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/platform/database/migrations/', import.meta.url));

describe('database schema', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('has every migration applied', async () => {
    expect(await ds.showMigrations()).toBe(false);
  });

  it('matches the entities (no drift between entities and migrations)', async () => {
    const { upQueries } = await ds.driver.createSchemaBuilder().log();
    const drift = upQueries.map((q) => q.query.trim());
    if (drift.length) {
      // Printed so the failure says what a new migration would have to contain.
      console.error(`Entities and migrations drift; pending schema changes:\n${drift.map((q) => `  ${q};`).join('\n')}`);
    }
    expect(drift).toEqual([]);
  });
});

describe('migrations/index.ts', () => {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== 'index.ts')
    .sort();

  it('lists every migration file of src/database/migrations, in timestamp order', async () => {
    expect(files.length).toBeGreaterThan(0);
    const fromFiles: { name: string }[] = [];
    for (const file of files) {
      expect(file).toMatch(/^\d{13}-[A-Za-z0-9]+\.ts$/);
      const mod = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Record<string, unknown>;
      const classes = Object.values(mod).filter((v): v is { name: string } => typeof v === 'function');
      expect(classes).toHaveLength(1);
      fromFiles.push(...classes);
    }
    expect(MIGRATIONS.map((m) => m.name)).toEqual(fromFiles.map((m) => m.name));
  });

  it('names each class <Name><timestamp> after its file', () => {
    const expected = files.map((f) => {
      const [, ts, name] = /^(\d+)-(.+)\.ts$/.exec(f) ?? [];
      return `${name}${ts}`;
    });
    expect(MIGRATIONS.map((m) => m.name)).toEqual(expected);
  });
});
