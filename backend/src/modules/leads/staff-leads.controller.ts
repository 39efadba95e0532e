import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  leadBoardQuerySchema,
  leadNoteInputSchema,
  leadListQuerySchema,
  manualEstimateSchema,
  updateLeadSchema,
  type AuditEntry,
  type Lead,
  type LeadBoardQuery,
  type LeadBoardResponse,
  type LeadNoteInput,
  type LeadNoteResponse,
  type LeadNotesResponse,
  type LeadListQuery,
  type LeadListResponse,
  type LeadStats,
  type ManualEstimate,
  type RecordJobsResponse,
  type UpdateLead,
} from '@ironclad/contracts';
import { RecordJobsService } from '../operations/index.js';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { LeadEvents } from './lead-events.js';
import { LeadAdminService } from './lead-admin.service.js';
import { LeadNotesService } from './lead-notes.service.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';

/**
 * Staff lead endpoints (staff-side.md §7; decisions.md §5). Staff only (global StaffGuard):
 * 401 without a session, 403 for a non-admin. Every committed change is pushed to the other
 * signed-in admins as `lead:changed` (LeadEvents).
 */
@Controller('api/leads')
export class StaffLeadsController {
  constructor(
    private readonly leads: LeadAdminService,
    private readonly events: LeadEvents,
    private readonly jobs: RecordJobsService,
    private readonly notes: LeadNotesService,
  ) {}

  /**
   * GET /api/leads?search=&status=&minEstimate=&page=1&pageSize=50 — `{leads, total, page,
   * pageSize}`, newest first; `status` accepts `all`, canonical names and aliases (quoted,
   * closed-won, closed-lost); `minEstimate` is in whole dollars (the centre's Lead Management).
   * @throws 400 VALIDATION_FAILED for a bad query.
   */
  @Get()
  list(@Query(new ZodValidationPipe(leadListQuerySchema)) q: LeadListQuery): Promise<LeadListResponse> {
    return this.leads.list(q);
  }

  /** GET /api/leads/stats — the KPI figures (LeadStats, whole dollars), from one SQL query. */
  @Get('stats')
  stats(): Promise<LeadStats> {
    return this.leads.stats();
  }

  /**
   * GET /api/leads/board?search=&source=&owner=&perColumn=25 — `{columns}`: one per pipeline stage
   * (decisions.md §5) with its count, estimate total (whole dollars) and newest cards (issue 22
   * point 5). A card moves by PATCH /api/leads/{id} `{status}` (audited).
   * @throws 400 VALIDATION_FAILED for a bad query.
   */
  @Get('board')
  board(@Query(new ZodValidationPipe(leadBoardQuerySchema)) q: LeadBoardQuery): Promise<LeadBoardResponse> {
    return this.leads.board(q);
  }

  /** GET /api/leads/{id}/notes — `{notes}`, newest first, each with `editable` for the signed-in user. 404 for an unknown lead. */
  @Get(':id/notes')
  async notesOf(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<LeadNotesResponse> {
    return { notes: await this.notes.list(id, user) };
  }

  /** POST /api/leads/{id}/notes — body `{body}` (1–5000 characters); 201 `{note}`. Audited. @throws 400, 404. */
  @Post(':id/notes')
  @HttpCode(201)
  async addNote(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(leadNoteInputSchema)) body: LeadNoteInput,
    @CurrentUser() user: SessionUser,
  ): Promise<LeadNoteResponse> {
    return { note: await this.notes.add(id, body.body, user) };
  }

  /** PATCH /api/leads/{id}/notes/{noteId} — body `{body}`; 200 `{note}`. Audited. @throws 400, 403 (not the author), 404. */
  @Patch(':id/notes/:noteId')
  async editNote(
    @Param('id', IdParamPipe) id: number,
    @Param('noteId', IdParamPipe) noteId: number,
    @Body(new ZodValidationPipe(leadNoteInputSchema)) body: LeadNoteInput,
    @CurrentUser() user: SessionUser,
  ): Promise<LeadNoteResponse> {
    return { note: await this.notes.edit(id, noteId, body.body, user) };
  }

  /** GET /api/leads/{id} — `{lead, audit}` (audit log of the lead, newest first). 404 when missing. */
  @Get(':id')
  get(@Param('id', IdParamPipe) id: number): Promise<{ lead: Lead; audit: AuditEntry[] }> {
    return this.leads.get(id);
  }

  /**
   * GET /api/leads/{id}/jobs — `{jobs: JobSummary[]}`: the lead's jobs (PDF estimates, emails,
   * SMS, its staff notification), failed ones first, then the newest 50; each with state,
   * attempts, latest error. 404 for an unknown lead; 503 when Redis does not answer.
   */
  @Get(':id/jobs')
  async jobsOf(@Param('id', IdParamPipe) id: number): Promise<RecordJobsResponse> {
    await this.leads.assertExists(id);
    return { jobs: await this.jobs.jobsOf('lead', id) };
  }

  /** POST /api/leads/manual-estimate — body ManualEstimate (dollars); 201 `{lead}` with the server-computed totalEstimate. */
  @Post('manual-estimate')
  @HttpCode(201)
  async manual(
    @Body(new ZodValidationPipe(manualEstimateSchema)) body: ManualEstimate,
    @CurrentUser() user: SessionUser,
  ): Promise<{ lead: Lead }> {
    const out = await this.leads.saveManualEstimate(body, user);
    this.events.changed(out.lead.id, 'created', out.lead.status);
    return out;
  }

  /**
   * PATCH /api/leads/{id} — body `{status}` (aliases accepted) or other fields; 200 `{lead}`
   * (canonical status). 404 when missing. Pushes `lead:changed` kind `status` when the body has a
   * status, else `updated`.
   */
  @Patch(':id')
  async update(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(updateLeadSchema)) body: UpdateLead,
    @CurrentUser() user: SessionUser,
  ): Promise<{ lead: Lead }> {
    const out = await this.leads.update(id, body, user);
    this.events.changed(id, body.status ? 'status' : 'updated', out.lead.status);
    return out;
  }

  /**
   * POST /api/leads/{id}/not-spam — restores a lead flagged as spam by the bot defences: 200
   * `{lead}` (spamReason null); 404 when missing. Audited (`lead.restored_from_spam`); pushes
   * `lead:changed` kind `updated`.
   */
  @Post(':id/not-spam')
  @HttpCode(200)
  async restoreFromSpam(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<{ lead: Lead }> {
    const out = await this.leads.restoreFromSpam(id, user);
    this.events.changed(id, 'updated', out.lead.status);
    return out;
  }

  /**
   * POST /api/leads/{id}/restore — 200 `{lead}`: an archived (deleted) lead back in the lists.
   * 404 missing or purged; 409 not deleted. Audited (`lead.restored`).
   */
  @Post(':id/restore')
  @HttpCode(200)
  async restore(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<{ lead: Lead }> {
    const out = await this.leads.restore(id, user);
    this.events.changed(id, 'created', out.lead.status);
    return out;
  }

  /**
   * DELETE /api/leads/{id} — 204: archives the lead (hidden everywhere, restorable for
   * LEAD_ARCHIVE_DAYS days, then purged). 404 when missing or already deleted. Audited (`lead.deleted`).
   */
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<void> {
    await this.leads.remove(id, user);
    this.events.changed(id, 'deleted');
  }
}
