/**
 * Saved quotes (issue 21 points 4, 6, 7): `quote_versions` (one row per version of a wizard lead's
 * quote: link token, status, every design option, the chosen option and its total in cents, expiry,
 * the approval's signature and the stored PDF), the version a deposit paid for
 * (`payments.quote_version_id`), and the quote PDF as a kind of lead document.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class QuoteVersions1795510000000 implements MigrationInterface {
  name = 'QuoteVersions1795510000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "quote_versions" ("id" SERIAL NOT NULL, "lead_id" integer NOT NULL, "version" integer NOT NULL, "token" character varying(64) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'sent', "options" jsonb NOT NULL, "chosen_option" character varying(20) NOT NULL DEFAULT 'recommended', "total_cents" bigint NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "viewed_at" TIMESTAMP WITH TIME ZONE, "approved_at" TIMESTAMP WITH TIME ZONE, "approved_name" text, "approved_ip" character varying(64), "approval_hash" character(64), "deposit_paid_at" TIMESTAMP WITH TIME ZONE, "document_id" integer, "created_by" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_99212183de4cf80da54f6b36d3f" UNIQUE ("token"), CONSTRAINT "UQ_quote_versions_lead_version" UNIQUE ("lead_id", "version"), CONSTRAINT "CHK_quote_versions_version" CHECK ("version" > 0), CONSTRAINT "CHK_quote_versions_option" CHECK ("chosen_option" IN ('essential','recommended','complete')), CONSTRAINT "CHK_quote_versions_status" CHECK ("status" IN ('sent','viewed','approved','deposit_paid','superseded')), CONSTRAINT "PK_e31734ca3062b078c8b94634254" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "payments" ADD "quote_version_id" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_payments_quote_version" ON "payments" ("quote_version_id")`);
    await queryRunner.query(
      `ALTER TABLE "quote_versions" ADD CONSTRAINT "FK_b7bae196020549e4a67a4553604" FOREIGN KEY ("lead_id") REFERENCES "leads"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "quote_versions" ADD CONSTRAINT "FK_a8a4dd0f97cc1ab15cbe6f5ad0f" FOREIGN KEY ("document_id") REFERENCES "lead_documents"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "FK_71f7d6b17e9f61cc4e5f114ead8" FOREIGN KEY ("quote_version_id") REFERENCES "quote_versions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "lead_documents" DROP CONSTRAINT "CHK_lead_documents_kind"`);
    await queryRunner.query(
      `ALTER TABLE "lead_documents" ADD CONSTRAINT "CHK_lead_documents_kind" CHECK ("kind" IN ('estimate_pdf','quote_pdf'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "lead_documents" WHERE "kind" = 'quote_pdf'`);
    await queryRunner.query(`ALTER TABLE "lead_documents" DROP CONSTRAINT "CHK_lead_documents_kind"`);
    await queryRunner.query(`ALTER TABLE "lead_documents" ADD CONSTRAINT "CHK_lead_documents_kind" CHECK ("kind" IN ('estimate_pdf'))`);
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "FK_71f7d6b17e9f61cc4e5f114ead8"`);
    await queryRunner.query(`ALTER TABLE "quote_versions" DROP CONSTRAINT "FK_a8a4dd0f97cc1ab15cbe6f5ad0f"`);
    await queryRunner.query(`ALTER TABLE "quote_versions" DROP CONSTRAINT "FK_b7bae196020549e4a67a4553604"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_payments_quote_version"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "quote_version_id"`);
    await queryRunner.query(`DROP TABLE "quote_versions"`);
  }
}
