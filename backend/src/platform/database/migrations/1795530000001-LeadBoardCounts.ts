/**
 * Maintained counters for the pipeline board's filters (issue 27 point 3: the board loads each
 * column's count within 200 ms at 1M leads, also filtered by source or owner). `lead_board_counts`
 * holds, per lead status, source and owner (`''` for none), the number of counted leads (not
 * spam, not archived) and the sum of their estimates (cents); a filter by source and/or owner sums
 * its rows (at most statuses × sources × staff users). Statement-level triggers with transition
 * tables keep it in the same transaction as every INSERT / UPDATE / DELETE, as
 * LeadStatCounters does for `lead_status_counts`; TRUNCATE resets it. Rows are upserted in key
 * order, so concurrent statements lock them in one order.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LeadBoardCounts1795530000001 implements MigrationInterface {
  name = 'LeadBoardCounts1795530000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_board_counts" (
         "status" varchar(20) NOT NULL, "source" varchar(40) NOT NULL, "owner_id" text NOT NULL,
         "leads" bigint NOT NULL DEFAULT 0, "estimate_cents" bigint NOT NULL DEFAULT 0,
         CONSTRAINT "PK_lead_board_counts" PRIMARY KEY ("status", "source", "owner_id"))`,
    );
    for (const [event, refs, newSel, oldSel] of [
      ['INSERT', 'NEW TABLE AS new_rows', 'new_rows', null],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'new_rows', 'old_rows'],
      ['DELETE', 'OLD TABLE AS old_rows', null, 'old_rows'],
    ] as const) {
      const counted = (table: string | null) =>
        table
          ? `SELECT status, source, coalesce(owner_id::text, '') AS owner_id, total_estimate_cents FROM ${table} WHERE spam_reason IS NULL AND archived_at IS NULL`
          : `SELECT NULL::varchar AS status, NULL::varchar AS source, NULL::text AS owner_id, NULL::bigint AS total_estimate_cents WHERE false`;
      await queryRunner.query(`
        CREATE FUNCTION lead_board_counts_${event.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          WITH counted_new AS (${counted(newSel)}), counted_old AS (${counted(oldSel)}),
          delta AS (
            SELECT status, source, owner_id, 1 AS sign, total_estimate_cents AS cents FROM counted_new
            UNION ALL
            SELECT status, source, owner_id, -1, total_estimate_cents FROM counted_old
          )
          INSERT INTO lead_board_counts AS c (status, source, owner_id, leads, estimate_cents)
          SELECT status, source, owner_id, sum(sign), coalesce(sum(sign * coalesce(cents, 0)), 0) FROM delta
           GROUP BY status, source, owner_id HAVING sum(sign) <> 0 OR coalesce(sum(sign * coalesce(cents, 0)), 0) <> 0
           ORDER BY status, source, owner_id
          ON CONFLICT (status, source, owner_id) DO UPDATE
            SET leads = c.leads + EXCLUDED.leads, estimate_cents = c.estimate_cents + EXCLUDED.estimate_cents;
          RETURN NULL;
        END $$`);
      await queryRunner.query(
        `CREATE TRIGGER "TRG_leads_board_counts_${event.toLowerCase()}" AFTER ${event} ON "leads" REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION lead_board_counts_${event.toLowerCase()}()`,
      );
    }
    await queryRunner.query(`
      CREATE FUNCTION lead_board_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM lead_board_counts; RETURN NULL; END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_leads_board_counts_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION lead_board_counts_truncate()`,
    );
    // the counts of the rows already there
    await queryRunner.query(`
      INSERT INTO lead_board_counts (status, source, owner_id, leads, estimate_cents)
      SELECT status, source, coalesce(owner_id::text, ''), count(*), coalesce(sum(total_estimate_cents), 0)
        FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL GROUP BY 1, 2, 3`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await queryRunner.query(`DROP TRIGGER "TRG_leads_board_counts_${event}" ON "leads"`);
      await queryRunner.query(`DROP FUNCTION lead_board_counts_${event}()`);
    }
    await queryRunner.query(`DROP TABLE "lead_board_counts"`);
  }
}
