import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff lead search runs over a stored, lower-cased
 * column `leads.search_text` (first name, last name, email, phone and the phone's digits) kept
 * by a trigger, with a pg_trgm GIN index on it. The former expression index made Postgres
 * re-run the expression (with its regexp) on every candidate row when rechecking and counting a
 * broad match; a stored column makes that a plain LIKE (about 5x less work per row, see
 * `npm run bench:admin`). Where pg_trgm is not available (embedded PGlite) the search still
 * works, without the index.
 *
 * Also the indexes of the CRM Pipeline View's sorts (GET /api/leads `sort`): the estimate with
 * leads without one lowest (`IDX_leads_estimate`, ASC NULLS FIRST, so that both directions are
 * an index scan), and the case-insensitive name (`IDX_leads_name_lower`).
 */

/** The search text of a row; described at LEAD_SEARCH_COLUMN in lead-admin.service.ts. */
const SEARCH_TEXT = `lower(coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '') || ' ' || NEW.email || ' ' || coalesce(NEW.phone, '') || ' ' || regexp_replace(coalesce(NEW.phone, ''), '[^0-9]', '', 'g'))`;

export class LeadSearchAndSort1795270000000 implements MigrationInterface {
  name = 'LeadSearchAndSort1795270000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "leads" ADD "search_text" text NOT NULL DEFAULT ''
        `);
    await queryRunner.query(`
            CREATE FUNCTION "leads_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                NEW.search_text := ${SEARCH_TEXT};
                RETURN NEW;
            END
            $$
        `);
    await queryRunner.query(`
            CREATE TRIGGER "TRG_leads_search_text" BEFORE INSERT OR UPDATE ON "leads"
            FOR EACH ROW EXECUTE FUNCTION "leads_search_text"()
        `);
    // Backfill: the trigger computes the text of every existing row.
    await queryRunner.query(`
            UPDATE "leads" SET "search_text" = ''
        `);
    await queryRunner.query(`
            DROP INDEX IF EXISTS "public"."IDX_leads_search_trgm"
        `);
    await queryRunner.query(`
            DO $$
            BEGIN
                CREATE EXTENSION IF NOT EXISTS pg_trgm;
                CREATE INDEX "IDX_leads_search_text_trgm" ON "leads" USING gin ("search_text" gin_trgm_ops);
            EXCEPTION WHEN OTHERS THEN
                RAISE NOTICE 'pg_trgm unavailable (%): lead search runs without its index', SQLERRM;
            END
            $$
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_leads_estimate" ON "leads" ("total_estimate_cents" ASC NULLS FIRST)
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_leads_name_lower" ON "leads" (lower(coalesce("last_name", '')), lower(coalesce("first_name", '')))
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_leads_name_lower"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_leads_estimate"
        `);
    await queryRunner.query(`
            DROP INDEX IF EXISTS "public"."IDX_leads_search_text_trgm"
        `);
    await queryRunner.query(`
            DROP TRIGGER "TRG_leads_search_text" ON "leads"
        `);
    await queryRunner.query(`
            DROP FUNCTION "leads_search_text"()
        `);
    await queryRunner.query(`
            ALTER TABLE "leads" DROP COLUMN "search_text"
        `);
    await queryRunner.query(`
            DO $$
            BEGIN
                CREATE INDEX "IDX_leads_search_trgm" ON "leads" USING gin (
                    (coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) gin_trgm_ops
                );
            EXCEPTION WHEN OTHERS THEN
                RAISE NOTICE 'pg_trgm unavailable (%): lead search runs without its index', SQLERRM;
            END
            $$
        `);
  }
}
