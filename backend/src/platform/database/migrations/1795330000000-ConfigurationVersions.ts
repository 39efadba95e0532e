/**
 * Configuration versions: `configuration_versions` (one row per kind of configuration) set by
 * triggers on site_settings, ai_recommendation_config, promotions and inventory from one sequence
 * in the transaction of every change; the promotions' first valid day; an edit version on each
 * staff-edited configuration record (optimistic concurrency); and the configuration versions a
 * lead's quote was priced with.
 *
 * The row triggers are deferred constraint triggers: the version row is locked at the end of the
 * writing transaction, after every other lock it takes, so two writers never deadlock on it.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = {
  site_settings: 'site_settings',
  ai_recommendation_config: 'ai_recommendation_config',
  promotions: 'promotions',
  inventory: 'inventory',
} as const;

export class ConfigurationVersions1795330000000 implements MigrationInterface {
  name = 'ConfigurationVersions1795330000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "configuration_versions" (
                "key" character varying(40) NOT NULL,
                "version" bigint NOT NULL,
                CONSTRAINT "PK_configuration_versions_key" PRIMARY KEY ("key")
            )
        `);
    await queryRunner.query(`CREATE SEQUENCE "configuration_version_seq"`);
    await queryRunner.query(`
            CREATE FUNCTION "bump_configuration_version"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO configuration_versions (key, version) VALUES (TG_ARGV[0], nextval('configuration_version_seq'))
              ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version;
              RETURN NULL;
            END
            $$
        `);
    for (const [table, key] of Object.entries(TABLES)) {
      await queryRunner.query(
        `INSERT INTO "configuration_versions" ("key", "version") VALUES ('${key}', nextval('configuration_version_seq'))`,
      );
      await queryRunner.query(`
            CREATE CONSTRAINT TRIGGER "configuration_version_bump" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_configuration_version"('${key}')
        `);
      await queryRunner.query(`
            CREATE TRIGGER "configuration_version_bump_truncate" AFTER TRUNCATE ON "${table}"
            FOR EACH STATEMENT EXECUTE FUNCTION "bump_configuration_version"('${key}')
        `);
    }
    await queryRunner.query(`ALTER TABLE "promotions" ADD "valid_from" date`);
    await queryRunner.query(`ALTER TABLE "promotions" ADD "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "site_settings" ADD "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "ai_recommendation_config" ADD "version" integer NOT NULL DEFAULT 1`);
    await queryRunner.query(`ALTER TABLE "leads" ADD "configuration_versions" jsonb`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "configuration_versions"`);
    await queryRunner.query(`ALTER TABLE "ai_recommendation_config" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "site_settings" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "promotions" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "promotions" DROP COLUMN "valid_from"`);
    for (const table of Object.keys(TABLES)) {
      await queryRunner.query(`DROP TRIGGER "configuration_version_bump_truncate" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "configuration_version_bump" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "bump_configuration_version"()`);
    await queryRunner.query(`DROP SEQUENCE "configuration_version_seq"`);
    await queryRunner.query(`DROP TABLE "configuration_versions"`);
  }
}
