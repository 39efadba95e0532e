/**
 * Maintained counters for the KPIs (issue 27 point 3: GET /api/leads/stats must not aggregate the
 * whole leads table per request at 1M leads). `lead_status_counts` holds, per lead status, the
 * number of counted leads (not spam, not archived) and the sum of their estimates (cents);
 * `contact_counts` the number of contacts not flagged as spam. Statement-level triggers with
 * transition tables keep them in the same transaction as every INSERT / UPDATE / DELETE (a bulk
 * statement aggregates its rows once; an update that changes no counted value writes nothing, so
 * ordinary edits take no counter lock) and TRUNCATE resets them. Rows are upserted in status order,
 * so concurrent statements lock them in one order.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LeadStatCounters1795520000001 implements MigrationInterface {
  name = 'LeadStatCounters1795520000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lead_status_counts" ("status" varchar(20) PRIMARY KEY, "leads" bigint NOT NULL DEFAULT 0, "estimate_cents" bigint NOT NULL DEFAULT 0)`,
    );
    await queryRunner.query(
      `CREATE TABLE "contact_counts" ("id" boolean PRIMARY KEY DEFAULT true CHECK ("id"), "contacts" bigint NOT NULL DEFAULT 0)`,
    );
    // one function per event: a transition table exists only for the events that have it
    for (const [event, refs, newSel, oldSel] of [
      ['INSERT', 'NEW TABLE AS new_rows', 'new_rows', null],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows', 'new_rows', 'old_rows'],
      ['DELETE', 'OLD TABLE AS old_rows', null, 'old_rows'],
    ] as const) {
      const counted = (table: string | null) =>
        table
          ? `SELECT status, total_estimate_cents FROM ${table} WHERE spam_reason IS NULL AND archived_at IS NULL`
          : `SELECT NULL::varchar AS status, NULL::bigint AS total_estimate_cents WHERE false`;
      await queryRunner.query(`
        CREATE FUNCTION lead_status_counts_${event.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          WITH counted_new AS (${counted(newSel)}), counted_old AS (${counted(oldSel)}),
          delta AS (
            SELECT status, 1 AS sign, total_estimate_cents AS cents FROM counted_new
            UNION ALL
            SELECT status, -1, total_estimate_cents FROM counted_old
          )
          INSERT INTO lead_status_counts AS c (status, leads, estimate_cents)
          SELECT status, sum(sign), coalesce(sum(sign * coalesce(cents, 0)), 0) FROM delta
           GROUP BY status HAVING sum(sign) <> 0 OR coalesce(sum(sign * coalesce(cents, 0)), 0) <> 0
           ORDER BY status
          ON CONFLICT (status) DO UPDATE SET leads = c.leads + EXCLUDED.leads, estimate_cents = c.estimate_cents + EXCLUDED.estimate_cents;
          RETURN NULL;
        END $$`);
      await queryRunner.query(
        `CREATE TRIGGER "TRG_leads_counts_${event.toLowerCase()}" AFTER ${event} ON "leads" REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION lead_status_counts_${event.toLowerCase()}()`,
      );
    }
    await queryRunner.query(`
      CREATE FUNCTION lead_status_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM lead_status_counts; RETURN NULL; END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_leads_counts_truncate" AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION lead_status_counts_truncate()`,
    );

    for (const [event, refs, delta] of [
      ['INSERT', 'NEW TABLE AS new_rows', `(SELECT count(*) FROM new_rows WHERE spam_reason IS NULL)`],
      [
        'UPDATE',
        'OLD TABLE AS old_rows NEW TABLE AS new_rows',
        `(SELECT count(*) FROM new_rows WHERE spam_reason IS NULL) - (SELECT count(*) FROM old_rows WHERE spam_reason IS NULL)`,
      ],
      ['DELETE', 'OLD TABLE AS old_rows', `-(SELECT count(*) FROM old_rows WHERE spam_reason IS NULL)`],
    ] as const) {
      await queryRunner.query(`
        CREATE FUNCTION contact_counts_${event.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE d bigint := ${delta};
        BEGIN
          IF d <> 0 THEN
            INSERT INTO contact_counts AS c (id, contacts) VALUES (true, d)
            ON CONFLICT (id) DO UPDATE SET contacts = c.contacts + EXCLUDED.contacts;
          END IF;
          RETURN NULL;
        END $$`);
      await queryRunner.query(
        `CREATE TRIGGER "TRG_contacts_counts_${event.toLowerCase()}" AFTER ${event} ON "contacts" REFERENCING ${refs} FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_${event.toLowerCase()}()`,
      );
    }
    await queryRunner.query(`
      CREATE FUNCTION contact_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM contact_counts; RETURN NULL; END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_contacts_counts_truncate" AFTER TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_truncate()`,
    );

    // the counts of the rows already there
    await queryRunner.query(`
      INSERT INTO lead_status_counts (status, leads, estimate_cents)
      SELECT status, count(*), coalesce(sum(total_estimate_cents), 0) FROM leads WHERE spam_reason IS NULL AND archived_at IS NULL GROUP BY status`);
    await queryRunner.query(`INSERT INTO contact_counts (id, contacts) SELECT true, count(*) FROM contacts WHERE spam_reason IS NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await queryRunner.query(`DROP TRIGGER "TRG_contacts_counts_${event}" ON "contacts"`);
      await queryRunner.query(`DROP FUNCTION contact_counts_${event}()`);
      await queryRunner.query(`DROP TRIGGER "TRG_leads_counts_${event}" ON "leads"`);
      await queryRunner.query(`DROP FUNCTION lead_status_counts_${event}()`);
    }
    await queryRunner.query(`DROP TABLE "contact_counts"`);
    await queryRunner.query(`DROP TABLE "lead_status_counts"`);
  }
}
