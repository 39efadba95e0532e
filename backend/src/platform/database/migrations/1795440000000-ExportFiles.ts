/**
 * Staff exports as jobs (issue 27): `export_files` holds one requested export (kind, status, rows,
 * bytes, who asked, when it expires) and `export_file_chunks` its file, written by the worker in
 * ordered chunks of at most 1 MiB, so any api instance streams it back without holding it whole.
 * The index on `leads (created_at DESC, id DESC)` lets the export cursor read the newest first
 * without sorting the table.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ExportFiles1795440000000 implements MigrationInterface {
  name = 'ExportFiles1795440000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "export_files" (
        "id" uuid NOT NULL,
        "kind" character varying(20) NOT NULL,
        "filename" text NOT NULL,
        "status" character varying(10) NOT NULL DEFAULT 'queued',
        "rows" integer NOT NULL DEFAULT 0,
        "bytes" bigint NOT NULL DEFAULT 0,
        "requested_by" text,
        "error" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "completed_at" TIMESTAMP WITH TIME ZONE,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_export_files" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_export_files_status" CHECK ("status" IN ('queued', 'running', 'done', 'failed'))
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_export_files_expires_at" ON "export_files" ("expires_at")`);
    await queryRunner.query(`
      CREATE TABLE "export_file_chunks" (
        "export_file_id" uuid NOT NULL,
        "seq" integer NOT NULL,
        "data" bytea NOT NULL,
        CONSTRAINT "PK_export_file_chunks" PRIMARY KEY ("export_file_id", "seq"),
        CONSTRAINT "FK_export_file_chunks_file" FOREIGN KEY ("export_file_id") REFERENCES "export_files" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_leads_created_at_id" ON "leads" ("created_at" DESC, "id" DESC)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_leads_created_at_id"`);
    await queryRunner.query(`DROP TABLE "export_file_chunks"`);
    await queryRunner.query(`DROP TABLE "export_files"`);
  }
}
