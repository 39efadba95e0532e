/** A partial index for the sweeps that look for messages left queued or sending. */
import { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboundPendingIndex1795267895444 implements MigrationInterface {
  name = 'OutboundPendingIndex1795267895444';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_outbound_messages_pending" ON "outbound_messages"  ("updated_at") WHERE "status" IN ('queued', 'sending')`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_outbound_messages_pending"`);
  }
}
