import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snoozed and dismissed Action Items (issue 22 point 2): one row per lead and action key, deleted
 * with the lead.
 */
export class ActionItemStates1795410000000 implements MigrationInterface {
  name = 'ActionItemStates1795410000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "action_item_states" ("id" SERIAL NOT NULL, "lead_id" integer NOT NULL, "action_key" character varying(40) NOT NULL, "snoozed_until" TIMESTAMP WITH TIME ZONE, "dismissed_at" TIMESTAMP WITH TIME ZONE, "updated_by" text, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_action_item_states" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_action_item_states_lead_key" ON "action_item_states" ("lead_id", "action_key")`);
    await queryRunner.query(
      `ALTER TABLE "action_item_states" ADD CONSTRAINT "FK_cafd500ab0c00f86b9d409c8e40" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "action_item_states"`);
  }
}
