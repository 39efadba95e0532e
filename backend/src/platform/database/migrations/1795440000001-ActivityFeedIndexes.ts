/**
 * The activity feed reads the newest events by index (issue 27): each source of a lead's activity
 * gets an index on its time, so "the most recently active leads" reads the top of each index
 * instead of aggregating whole tables.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ActivityFeedIndexes1795440000001 implements MigrationInterface {
  name = 'ActivityFeedIndexes1795440000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_outbound_messages_lead_activity" ON "outbound_messages" ("created_at" DESC, "lead_id") WHERE "lead_id" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_call_notes_created_at" ON "call_notes" ("created_at" DESC, "lead_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_lead_status_changes_created_at" ON "lead_status_changes" ("created_at" DESC, "lead_id")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_payments_lead_activity" ON "payments" ("created_at" DESC, "lead_id") WHERE "lead_id" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_payments_lead_activity"`);
    await queryRunner.query(`DROP INDEX "IDX_lead_status_changes_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_call_notes_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_outbound_messages_lead_activity"`);
  }
}
