import type { DataSource } from 'typeorm';
import { LEAD_ARCHIVE_DAYS } from '@ironclad/contracts';
import { returningRows } from '../../platform/database/returning-rows.js';

/**
 * The scheduled end of a deletion (issue 22 point 9): deletes for good, in one transaction, the
 * leads archived more than LEAD_ARCHIVE_DAYS days before `now` (their timeline rows go with them
 * by ON DELETE CASCADE; contacts linked to them are unlinked), and records one `lead.purged` audit
 * row per lead (system user) with its email and when it was archived. Run by the worker's
 * `ArchivedLeadsPurge` job every ARCHIVE_PURGE_EVERY_MS; idempotent.
 * @returns how many leads were purged.
 */
export async function purgeArchivedLeads(dataSource: DataSource, now: Date = new Date()): Promise<{ purged: number }> {
  return dataSource.transaction(async (m) => {
    const rows = returningRows<{ id: number; email: string; archived_at: Date; archived_by: string | null }>(
      await m.query(
        `DELETE FROM leads WHERE archived_at IS NOT NULL AND archived_at < CAST($1 AS timestamptz) - make_interval(days => $2)
       RETURNING id, email, archived_at, archived_by`,
        [now.toISOString(), LEAD_ARCHIVE_DAYS],
      ),
    );
    if (rows.length) {
      await m.query(
        `INSERT INTO audit_log (user_id, user_email, action, entity_type, entity_id, details)
         SELECT NULL, NULL, 'lead.purged', 'lead', r.id::text,
                jsonb_build_object('email', r.email, 'archivedAt', r.archived_at, 'archivedBy', r.archived_by)
         FROM jsonb_to_recordset($1::jsonb) AS r(id int, email text, archived_at timestamptz, archived_by text)`,
        [JSON.stringify(rows)],
      );
    }
    return { purged: rows.length };
  });
}
