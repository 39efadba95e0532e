import { MigrationInterface, QueryRunner } from 'typeorm';

/** Queues paused on purpose (`queue_pauses`), so a pause outlives Redis losing its data. */
export class QueuePauses1795300000000 implements MigrationInterface {
  name = 'QueuePauses1795300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "queue_pauses" ("queue" character varying(40) NOT NULL, "paused_by" text, "paused_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_queue_pauses" PRIMARY KEY ("queue"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "queue_pauses"`);
  }
}
