import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, type LeadNote } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService, User } from '../staff/index.js';
import { LeadEvents } from './lead-events.js';
import { LeadNoteRecord } from './lead-note.entity.js';
import { LeadRecord } from './lead.entity.js';

/**
 * Notes staff write on a lead (issue 22 point 6): stored in `lead_notes`, shown on the lead's
 * timeline (type `note`, ActivitiesService) and editable only by their author. Every write is
 * audited and tells staff sockets (`lead:activity` type `note`).
 */
@Injectable()
export class LeadNotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
    private readonly events: LeadEvents,
  ) {}

  /** GET /api/leads/{id}/notes: the lead's notes, newest first. @throws 404 when the lead is missing. */
  async list(leadId: number, viewer: SessionUser): Promise<LeadNote[]> {
    await this.assertLead(this.dataSource.manager, leadId);
    const rows = await this.dataSource
      .getRepository(LeadNoteRecord)
      .find({ where: { leadId }, order: { createdAt: 'DESC', id: 'DESC' }, relations: { author: true } });
    return rows.map((r) => toNote(r, r.author ?? null, viewer));
  }

  /** POST /api/leads/{id}/notes: adds the note (author: the signed-in user). Audited `lead.note_added`. @throws 404. */
  async add(leadId: number, body: string, author: SessionUser): Promise<LeadNote> {
    const note = await this.dataSource.transaction(async (m) => {
      await this.assertLead(m, leadId);
      const saved = await m.save(m.create(LeadNoteRecord, { leadId, body, authorId: author.id, authorEmail: author.email }));
      await this.audit.record(m, author, 'lead.note_added', 'lead', leadId, { noteId: saved.id });
      return toNote(saved, author, author);
    });
    this.events.activity({ leadId, type: 'note' });
    return note;
  }

  /**
   * PATCH /api/leads/{id}/notes/{noteId}: replaces the note's text. Audited `lead.note_edited`.
   * @throws ApiError 404 NOT_FOUND when the lead has no such note; 403 FORBIDDEN when the signed-in
   *   user did not write it.
   */
  async edit(leadId: number, noteId: number, body: string, editor: SessionUser): Promise<LeadNote> {
    const note = await this.dataSource.transaction(async (m) => {
      const row = await m.getRepository(LeadNoteRecord).findOne({ where: { id: noteId, leadId }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new ApiError(404, ErrorCode.NotFound, `Note ${noteId} of lead ${leadId} not found`);
      if (row.authorId !== editor.id) throw new ApiError(403, ErrorCode.Forbidden, 'Only the author of a note can edit it');
      row.body = body;
      const saved = await m.save(row);
      await this.audit.record(m, editor, 'lead.note_edited', 'lead', leadId, { noteId });
      return toNote(saved, editor, editor);
    });
    this.events.activity({ leadId, type: 'note' });
    return note;
  }

  private async assertLead(m: EntityManager, leadId: number): Promise<void> {
    if (!(await m.getRepository(LeadRecord).existsBy({ id: leadId })))
      throw new ApiError(404, ErrorCode.NotFound, `Lead ${leadId} not found`);
  }
}

type Author = Pick<User, 'firstName' | 'lastName'> | Pick<SessionUser, 'firstName' | 'lastName'> | null;

function toNote(r: LeadNoteRecord, author: Author, viewer: SessionUser): LeadNote {
  const name = author ? [author.firstName, author.lastName].filter(Boolean).join(' ') : '';
  return {
    id: r.id,
    leadId: r.leadId,
    body: r.body,
    authorId: r.authorId,
    authorEmail: r.authorEmail,
    authorName: name || null,
    editable: r.authorId !== null && r.authorId === viewer.id,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
