import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deleting a lead archives it (issue 22 point 9): `archived_at` / `archived_by`, hidden from every
 * list, restorable for 30 days, then purged by the scheduled ArchivedLeadsPurge. A partial index
 * serves the "Deleted leads" list and the purge; the audit log gets indexes for its own view
 * (newest first, filtered by action or user).
 */
export class LeadArchive1795411000000 implements MigrationInterface {
  name = 'LeadArchive1795411000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "archived_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "leads" ADD "archived_by" text`);
    await queryRunner.query(`CREATE INDEX "IDX_leads_archived_at" ON "leads" ("archived_at") WHERE archived_at IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_created_at" ON "audit_log" ("created_at") `);
    await queryRunner.query(`CREATE INDEX "IDX_audit_log_action_created_at" ON "audit_log" ("action", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_audit_log_action_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_audit_log_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_leads_archived_at"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "archived_by"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "archived_at"`);
  }
}
