/**
 * Action Items at a million leads (issue 27 point 3): `leads.stage_since`, the moment a lead
 * entered its current status (its creation, for `new`; its last change to the status otherwise,
 * else its creation), kept by the database, and the partial index
 * `IDX_leads_action_stage (status, stage_since, id)` over the counted leads (not spam, not
 * archived), which the list reads in stage order: the oldest stage is the most overdue.
 *
 * - `TRG_leads_stage_since` (BEFORE INSERT OR UPDATE OF status, created_at, per row): an insert
 *   starts at `created_at`; a status change takes the newest `lead_status_changes` row to the new
 *   status already written, else `created_at`; `new` is always `created_at`.
 * - `TRG_lead_status_changes_stage_since` (AFTER INSERT, per statement): the leads of the new
 *   change rows get the same value worked out again (a change row written after its lead's
 *   update, the order the application uses, counts); only leads whose value differs are written.
 * Change rows are never updated or deleted by the application (they go with their lead).
 * So `stage_since` equals what the Action Items CTE computed per request, whichever order the two
 * rows are written in. The backfill writes it for every existing lead.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ActionItemsStageSince1795530000000 implements MigrationInterface {
  name = 'ActionItemsStageSince1795530000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leads" ADD "stage_since" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`
      UPDATE "leads" l SET "stage_since" = CASE WHEN l.status = 'new' THEN l.created_at
        ELSE COALESCE((SELECT max(s.created_at) FROM lead_status_changes s WHERE s.lead_id = l.id AND s.to_status = l.status), l.created_at) END`);
    await queryRunner.query(`
      CREATE FUNCTION leads_stage_since() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' OR NEW.status = 'new' THEN
          NEW.stage_since := NEW.created_at;
        ELSE
          NEW.stage_since := COALESCE(
            (SELECT max(s.created_at) FROM lead_status_changes s WHERE s.lead_id = NEW.id AND s.to_status = NEW.status),
            NEW.created_at);
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_leads_stage_since" BEFORE INSERT OR UPDATE OF status, created_at ON "leads" FOR EACH ROW EXECUTE FUNCTION leads_stage_since()`,
    );
    await queryRunner.query(`
      CREATE FUNCTION lead_status_changes_stage_since() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE leads l SET stage_since = x.at
          FROM (SELECT c.id, COALESCE(
                         (SELECT max(s.created_at) FROM lead_status_changes s WHERE s.lead_id = c.id AND s.to_status = c.status),
                         c.created_at) AS at
                  FROM leads c WHERE c.id IN (SELECT lead_id FROM new_rows) AND c.status <> 'new') x
         WHERE l.id = x.id AND l.stage_since IS DISTINCT FROM x.at;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "TRG_lead_status_changes_stage_since" AFTER INSERT ON "lead_status_changes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_status_changes_stage_since()`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_leads_action_stage" ON "leads" ("status", "stage_since", "id") WHERE spam_reason IS NULL AND archived_at IS NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_leads_action_stage"`);
    await queryRunner.query(`DROP TRIGGER "TRG_lead_status_changes_stage_since" ON "lead_status_changes"`);
    await queryRunner.query(`DROP FUNCTION lead_status_changes_stage_since()`);
    await queryRunner.query(`DROP TRIGGER "TRG_leads_stage_since" ON "leads"`);
    await queryRunner.query(`DROP FUNCTION leads_stage_since()`);
    await queryRunner.query(`ALTER TABLE "leads" DROP COLUMN "stage_since"`);
  }
}
