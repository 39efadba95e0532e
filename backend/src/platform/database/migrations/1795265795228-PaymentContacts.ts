import { MigrationInterface, QueryRunner } from 'typeorm';

/** Links payments to contacts (consultation deposits, decisions.md §4): index + foreign key on payments.contact_id. */
export class PaymentContacts1795265795228 implements MigrationInterface {
  name = 'PaymentContacts1795265795228';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "IDX_payments_contact" ON "payments" ("contact_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "payments"
            ADD CONSTRAINT "FK_9fc4f431ce0aca3aa0587a7839a" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "payments" DROP CONSTRAINT "FK_9fc4f431ce0aca3aa0587a7839a"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_payments_contact"
        `);
  }
}
