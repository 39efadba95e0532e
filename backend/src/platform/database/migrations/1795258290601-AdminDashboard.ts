import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff audit log, and the pg_trgm GIN index of the staff lead search (the
 * expression lead-admin.service.ts then searched; migration LeadSearchAndSort replaces it with
 * the stored column `search_text`). Where pg_trgm is not available (embedded PGlite) the search
 * still works, without the index.
 */

export class AdminDashboard1795258290601 implements MigrationInterface {
  name = 'AdminDashboard1795258290601';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "audit_log" (
                "id" SERIAL NOT NULL,
                "user_id" text,
                "user_email" text,
                "action" character varying(60) NOT NULL,
                "entity_type" character varying(40) NOT NULL,
                "entity_id" text,
                "details" jsonb NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_07fefa57f7f5ab8fc3f52b3ed0b" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_audit_log_entity" ON "audit_log" ("entity_type", "entity_id", "created_at")
        `);
    await queryRunner.query(`
            DO $$
            BEGIN
                CREATE EXTENSION IF NOT EXISTS pg_trgm;
                CREATE INDEX "IDX_leads_search_trgm" ON "leads" USING gin (
                    (coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || email || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')) gin_trgm_ops
                );
            EXCEPTION WHEN OTHERS THEN
                RAISE NOTICE 'pg_trgm unavailable (%): lead search runs without its index', SQLERRM;
            END
            $$
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX IF EXISTS "public"."IDX_leads_search_trgm"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_audit_log_entity"
        `);
    await queryRunner.query(`
            DROP TABLE "audit_log"
        `);
  }
}
