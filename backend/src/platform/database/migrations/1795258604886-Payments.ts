import { MigrationInterface, QueryRunner } from 'typeorm';

export class Payments1795258604886 implements MigrationInterface {
  name = 'Payments1795258604886';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "payments" (
                "id" SERIAL NOT NULL,
                "kind" character varying(20) NOT NULL,
                "lead_id" integer,
                "contact_id" integer,
                "customer_email" text NOT NULL,
                "customer_name" text,
                "customer_phone" text,
                "amount_cents" integer NOT NULL,
                "currency" character varying(3) NOT NULL,
                "payment_intent_id" text NOT NULL,
                "idempotency_key" text NOT NULL,
                "status" character varying(20) NOT NULL DEFAULT 'pending',
                "failure_message" text,
                "details" jsonb,
                "succeeded_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_0bd2a15bde4058590f0caea36b3" UNIQUE ("payment_intent_id"),
                CONSTRAINT "CHK_payments_amount" CHECK ("amount_cents" > 0),
                CONSTRAINT "CHK_payments_status" CHECK (
                    "status" IN (
                        'pending',
                        'processing',
                        'succeeded',
                        'failed',
                        'canceled'
                    )
                ),
                CONSTRAINT "CHK_payments_kind" CHECK ("kind" IN ('deposit', 'consultation')),
                CONSTRAINT "PK_197ab7af18c93fbb0c9b28b4a59" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_payments_lead" ON "payments" ("lead_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "stripe_events" (
                "id" text NOT NULL,
                "type" text NOT NULL,
                "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_d3247bd5fc3f66b6982bbcdd897" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "payments"
            ADD CONSTRAINT "FK_1594d339619ca97f5f007673c29" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE
            SET NULL ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "payments" DROP CONSTRAINT "FK_1594d339619ca97f5f007673c29"
        `);
    await queryRunner.query(`
            DROP TABLE "stripe_events"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_payments_lead"
        `);
    await queryRunner.query(`
            DROP TABLE "payments"
        `);
  }
}
