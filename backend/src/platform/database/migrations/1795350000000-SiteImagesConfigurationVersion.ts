/**
 * The site images applied to the website are configuration every served page reads: their
 * version (`configuration_versions` key `site_images`) is bumped by the same deferred triggers as
 * the other configuration tables, on `site_images` (which image each key shows) and
 * `generated_image_variants` (the files a shown image is served in).
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['site_images', 'generated_image_variants'];

export class SiteImagesConfigurationVersion1795350000000 implements MigrationInterface {
  name = 'SiteImagesConfigurationVersion1795350000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "configuration_versions" ("key", "version") VALUES ('site_images', nextval('configuration_version_seq'))`,
    );
    for (const table of TABLES) {
      await queryRunner.query(`
            CREATE CONSTRAINT TRIGGER "configuration_version_bump" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
            DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_configuration_version"('site_images')
        `);
      await queryRunner.query(`
            CREATE TRIGGER "configuration_version_bump_truncate" AFTER TRUNCATE ON "${table}"
            FOR EACH STATEMENT EXECUTE FUNCTION "bump_configuration_version"('site_images')
        `);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`DROP TRIGGER "configuration_version_bump_truncate" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "configuration_version_bump" ON "${table}"`);
    }
    await queryRunner.query(`DELETE FROM "configuration_versions" WHERE "key" = 'site_images'`);
  }
}
