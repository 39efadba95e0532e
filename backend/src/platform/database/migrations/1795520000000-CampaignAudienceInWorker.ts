/**
 * Campaign fan-out in the worker (issue 27 point 2): the request only stores the campaign; the
 * worker resolves its audience in batches of leads (by id, up to the newest lead at creation),
 * resumable from `audience_cursor` after a crash. The template is stored as it was when the
 * campaign was created. Campaigns created before this migration had their recipients stored with
 * them: they are `prepared_at` their creation.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CampaignAudienceInWorker1795520000000 implements MigrationInterface {
  name = 'CampaignAudienceInWorker1795520000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "campaigns" ADD "template_subject" text`);
    await queryRunner.query(`ALTER TABLE "campaigns" ADD "template_content" text`);
    await queryRunner.query(`ALTER TABLE "campaigns" ADD "audience_max_lead_id" integer`);
    await queryRunner.query(`ALTER TABLE "campaigns" ADD "audience_cursor" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "campaigns" ADD "preparing_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "campaigns" ADD "prepared_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`UPDATE "campaigns" SET "prepared_at" = "created_at"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "campaigns" DROP COLUMN "prepared_at"`);
    await queryRunner.query(`ALTER TABLE "campaigns" DROP COLUMN "preparing_at"`);
    await queryRunner.query(`ALTER TABLE "campaigns" DROP COLUMN "audience_cursor"`);
    await queryRunner.query(`ALTER TABLE "campaigns" DROP COLUMN "audience_max_lead_id"`);
    await queryRunner.query(`ALTER TABLE "campaigns" DROP COLUMN "template_content"`);
    await queryRunner.query(`ALTER TABLE "campaigns" DROP COLUMN "template_subject"`);
  }
}
