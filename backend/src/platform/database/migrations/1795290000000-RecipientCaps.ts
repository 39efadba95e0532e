/**
 * Per-recipient caps of automated messages to addresses a visitor typed: such messages are marked
 * `visitor_addressed` with their normalised recipient (`recipient_key`), and a partial index
 * answers "how many went to this recipient in the last 24 h" without scanning the campaign
 * history. The new status `suppressed` holds a message back (over the cap, or gathered into a
 * staff digest) until staff send it by hand.
 */
import { MigrationInterface, QueryRunner } from 'typeorm';

export class RecipientCaps1795290000000 implements MigrationInterface {
  name = 'RecipientCaps1795290000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbound_messages" ADD "visitor_addressed" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "outbound_messages" ADD "recipient_key" text`);
    await queryRunner.query(`ALTER TABLE "outbound_messages" DROP CONSTRAINT "CHK_outbound_messages_status"`);
    await queryRunner.query(
      `ALTER TABLE "outbound_messages" ADD CONSTRAINT "CHK_outbound_messages_status" CHECK ("status" IN ('queued','sending','sent','failed','not_delivered','skipped','cancelled','suppressed'))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_outbound_messages_recipient_cap" ON "outbound_messages" ("recipient_key", "created_at") WHERE visitor_addressed`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_outbound_messages_recipient_cap"`);
    await queryRunner.query(`UPDATE "outbound_messages" SET "status" = 'cancelled' WHERE "status" = 'suppressed'`);
    await queryRunner.query(`ALTER TABLE "outbound_messages" DROP CONSTRAINT "CHK_outbound_messages_status"`);
    await queryRunner.query(
      `ALTER TABLE "outbound_messages" ADD CONSTRAINT "CHK_outbound_messages_status" CHECK ("status" IN ('queued','sending','sent','failed','not_delivered','skipped','cancelled'))`,
    );
    await queryRunner.query(`ALTER TABLE "outbound_messages" DROP COLUMN "recipient_key"`);
    await queryRunner.query(`ALTER TABLE "outbound_messages" DROP COLUMN "visitor_addressed"`);
  }
}
