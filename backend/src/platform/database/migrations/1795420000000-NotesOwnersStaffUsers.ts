/**
 * Issue 22 points 5 and 6: notes on a lead (`lead_notes`, edited only by their author), the lead's
 * owner (`leads.owner_id`, a staff user; filterable, hence indexed) and staff users deactivated
 * from the admin (`users.deactivated_at`: a deactivated user cannot sign in, and their sessions
 * stop answering).
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NotesOwnersStaffUsers1795420000000 implements MigrationInterface {
  name = 'NotesOwnersStaffUsers1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "deactivated_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "leads" ADD "owner_id" text`);
    await queryRunner.query(
      `ALTER TABLE "leads" ADD CONSTRAINT "FK_leads_owner" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_leads_owner" ON "leads" ("owner_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_leads_source_created_at" ON "leads" ("source", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "lead_notes" (
        "id" SERIAL NOT NULL,
        "lead_id" integer NOT NULL,
        "author_id" text,
        "author_email" text NOT NULL,
        "body" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_lead_notes" PRIMARY KEY ("id"),
        CONSTRAINT "FK_lead_notes_lead" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_lead_notes_author" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_lead_notes_lead" ON "lead_notes" ("lead_id", "created_at")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "lead_notes"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_source_created_at"`);
    await queryRunner.query(`DROP INDEX "IDX_leads_owner"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP CONSTRAINT "FK_leads_owner"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "owner_id"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deactivated_at"`);
  }
}
