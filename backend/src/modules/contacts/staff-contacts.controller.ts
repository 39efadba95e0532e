import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { contactListQuerySchema, type Contact, type ContactListQuery, type ContactListResponse, type Lead } from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { LeadEvents } from '../leads/index.js';
import { ContactAdminService } from './contact-admin.service.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';

/** Staff contact endpoints (staff-side.md §7; decisions.md §9). Staff only (global StaffGuard). */
@Controller('api/contacts')
export class StaffContactsController {
  constructor(
    private readonly contacts: ContactAdminService,
    private readonly events: LeadEvents,
  ) {}

  /** GET /api/contacts?search=&page=&pageSize= — `{contacts, total, page, pageSize}`, newest first. */
  @Get()
  list(@Query(new ZodValidationPipe(contactListQuerySchema)) q: ContactListQuery): Promise<ContactListResponse> {
    return this.contacts.list(q);
  }

  /**
   * POST /api/contacts/{id}/convert-to-lead — 201 `{lead, created: true}` for a new lead, 200
   * `{lead, created: false}` when the contact was already converted; 404 when missing. A new lead
   * is pushed to the signed-in admins as `lead:changed` kind `created`.
   */
  @Post(':id/convert-to-lead')
  async convert(
    @Param('id', IdParamPipe) id: number,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ lead: Lead; created: boolean }> {
    const out = await this.contacts.convert(id, user);
    res.status(out.created ? 201 : 200);
    if (out.created) this.events.changed(out.lead.id, 'created', out.lead.status);
    return out;
  }

  /** POST /api/contacts/{id}/not-spam — restores a contact flagged as spam: 200 `{contact}`; 404 when missing. Audited. */
  @Post(':id/not-spam')
  @HttpCode(200)
  restoreFromSpam(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<{ contact: Contact }> {
    return this.contacts.restoreFromSpam(id, user);
  }
}
