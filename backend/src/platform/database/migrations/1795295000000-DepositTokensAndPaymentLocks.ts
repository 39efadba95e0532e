import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card-testing defence (issue 25 point 4): a wizard lead's deposit is addressed by a token whose
 * SHA-256 the lead stores (`leads.deposit_token_hash`, unique); each payment remembers the client
 * address that last asked for it (`payments.client_address`); verified card failures are kept per
 * event (`payment_failures`, indexed for the per-quote and per-address window counts) and a quote
 * or address past the threshold is locked (`payment_locks`, one row per subject).
 */
export class DepositTokensAndPaymentLocks1795295000000 implements MigrationInterface {
  name = 'DepositTokensAndPaymentLocks1795295000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "deposit_token_hash" character varying(64)`);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_leads_deposit_token_hash" ON "leads" ("deposit_token_hash")`);
    await queryRunner.query(`ALTER TABLE "payments" ADD "client_address" text`);
    await queryRunner.query(
      `CREATE TABLE "payment_failures" ("event_id" text NOT NULL, "payment_intent_id" text NOT NULL, "lead_id" integer, "client_address" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2138a500851978ef8c635edd850" PRIMARY KEY ("event_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_payment_failures_address_created_at" ON "payment_failures" ("client_address", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_payment_failures_lead_created_at" ON "payment_failures" ("lead_id", "created_at")`);
    await queryRunner.query(
      `CREATE TABLE "payment_locks" ("id" SERIAL NOT NULL, "scope" character varying(10) NOT NULL, "subject" text NOT NULL, "locked_until" TIMESTAMP WITH TIME ZONE NOT NULL, "failures" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_payment_locks_scope" CHECK ("scope" IN ('lead','address')), CONSTRAINT "PK_be896e8a7ae373eeef1ebd9fa84" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_payment_locks_scope_subject" ON "payment_locks" ("scope", "subject")`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_payment_locks_scope_subject"`);
    await queryRunner.query(`DROP TABLE "payment_locks"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_failures_lead_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payment_failures_address_created_at"`);
    await queryRunner.query(`DROP TABLE "payment_failures"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "client_address"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_leads_deposit_token_hash"`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "deposit_token_hash"`);
  }
}
