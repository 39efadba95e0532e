import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  emailTemplateBodySchema,
  templatePreviewSchema,
  type EmailTemplateBody,
  type EmailTemplateResponse,
  type EmailTemplatesResponse,
  type TemplatePreview,
  type TemplatePreviewResponse,
} from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { AuditLogService } from '../staff/index.js';
import { EmailTemplatesService } from './email-templates.service.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';

/** Email templates (staff-side.md §7 GET /api/email-templates). Staff only; changes are audited (`template.*`). */
@Controller('api/email-templates')
export class EmailTemplatesController {
  constructor(
    private readonly templates: EmailTemplatesService,
    private readonly audit: AuditLogService,
  ) {}

  /** GET /api/email-templates → `{templates}` (defaults first). */
  @Get()
  async list(): Promise<EmailTemplatesResponse> {
    return { templates: await this.templates.list() };
  }

  /** POST /api/email-templates {name, subject, content, category} → 201 `{template}`; 400 field errors (incl. template syntax); 409 name taken. */
  @Post()
  @HttpCode(201)
  async create(
    @Body(new ZodValidationPipe(emailTemplateBodySchema)) body: EmailTemplateBody,
    @CurrentUser() user: SessionUser,
  ): Promise<EmailTemplateResponse> {
    const template = await this.templates.create(body);
    await this.audit.record(null, user, 'template.created', 'email_template', template.id, { name: template.name });
    return { template };
  }

  /**
   * POST /api/email-templates/preview {templateId | subject+content, leadId?} → `{subject, html, text}`
   * rendered with the lead's data (or sample values). 404 unknown template/lead.
   */
  @Post('preview')
  @HttpCode(200)
  preview(@Body(new ZodValidationPipe(templatePreviewSchema)) body: TemplatePreview): Promise<TemplatePreviewResponse> {
    return this.templates.preview(body);
  }

  /** PUT /api/email-templates/{id} {name, subject, content, category} → `{template}`; 404; 400; 409. */
  @Put(':id')
  async update(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(emailTemplateBodySchema)) body: EmailTemplateBody,
    @CurrentUser() user: SessionUser,
  ): Promise<EmailTemplateResponse> {
    const template = await this.templates.update(id, body);
    await this.audit.record(null, user, 'template.updated', 'email_template', id, { name: template.name });
    return { template };
  }

  /** DELETE /api/email-templates/{id} → 204; 404; 409 for a default template. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<void> {
    await this.templates.remove(id);
    await this.audit.record(null, user, 'template.deleted', 'email_template', id);
  }
}
