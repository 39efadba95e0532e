/**
 * Contacts record where they came from (`source`: contact_form, free_guide, consultation) and,
 * for the free guide, when the visitor asked to be emailed (`consented_at`). site_documents keeps
 * files the site sends to many visitors (the free 47-point checklist PDF), each stored once under
 * a key derived from its content.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ContactSourcesAndSiteDocuments1795335000000 implements MigrationInterface {
  name = 'ContactSourcesAndSiteDocuments1795335000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contacts" ADD "source" character varying(20) NOT NULL DEFAULT 'contact_form'`);
    await queryRunner.query(`ALTER TABLE "contacts" ADD "consented_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "contacts" ADD CONSTRAINT "CHK_contacts_source" CHECK ("source" IN ('contact_form', 'free_guide', 'consultation'))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_contacts_source_email" ON "contacts" ("source", lower("email"), "created_at")`);
    await queryRunner.query(`
            CREATE TABLE "site_documents" (
                "id" SERIAL NOT NULL,
                "key" character varying(100) NOT NULL,
                "filename" text NOT NULL,
                "content_type" text NOT NULL DEFAULT 'application/pdf',
                "byte_size" integer NOT NULL,
                "content" bytea NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_site_documents_key" UNIQUE ("key"),
                CONSTRAINT "PK_site_documents" PRIMARY KEY ("id")
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "site_documents"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_contacts_source_email"`);
    await queryRunner.query(`ALTER TABLE "contacts" DROP CONSTRAINT "CHK_contacts_source"`);
    await queryRunner.query(`ALTER TABLE "contacts" DROP COLUMN "consented_at"`);
    await queryRunner.query(`ALTER TABLE "contacts" DROP COLUMN "source"`);
  }
}
