import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leads and contacts that failed the public forms' honeypot or fill-time test are kept, flagged
 * with the reason (`honeypot` | `too_fast`), and hidden from the pipeline, KPIs, campaigns and
 * exports until staff restore them. A partial index serves the "Suspected spam" filter, which
 * would otherwise scan every real lead to find the few flagged ones.
 */
export class SpamFlags1795280000000 implements MigrationInterface {
  name = 'SpamFlags1795280000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "spam_reason" character varying(20)`);
    await queryRunner.query(`ALTER TABLE "contacts" ADD "spam_reason" character varying(20)`);
    await queryRunner.query(`CREATE INDEX "IDX_leads_spam_created_at" ON "leads" ("created_at") WHERE spam_reason IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_contacts_spam_created_at" ON "contacts" ("created_at") WHERE spam_reason IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_contacts_spam_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_leads_spam_created_at"`);
    await queryRunner.query(`ALTER TABLE "contacts" DROP COLUMN "spam_reason"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "spam_reason"`);
  }
}
