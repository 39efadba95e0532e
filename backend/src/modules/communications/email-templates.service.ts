import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { QueryFailedError, type DataSource } from 'typeorm';
import {
  ErrorCode,
  type EmailTemplate,
  type EmailTemplateBody,
  type TemplatePreview,
  type TemplatePreviewResponse,
} from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { LeadsService } from '../leads/index.js';
import { SiteSettingsService } from '../site/index.js';
import { EmailTemplateRecord } from './email-template.entity.js';
import { renderEmail, SAMPLE_LEAD, templateContext, templateSyntaxError, type TemplateLead } from './template-renderer.js';

/** Email templates (staff-side.md §3, §7; decisions.md §8). */
@Injectable()
export class EmailTemplatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SiteSettingsService,
    private readonly leads: LeadsService,
  ) {}

  private get repo() {
    return this.dataSource.getRepository(EmailTemplateRecord);
  }

  /** Every template: defaults first, then by name. */
  async list(): Promise<EmailTemplate[]> {
    const rows = await this.repo.find({ order: { isDefault: 'DESC', name: 'ASC' } });
    return rows.map(toEmailTemplate);
  }

  /** @throws 400 (template syntax, with the field), 409 (name taken). */
  async create(body: EmailTemplateBody): Promise<EmailTemplate> {
    checkSyntax(body);
    await this.checkNameFree(body.name);
    try {
      const saved = await this.repo.save(this.repo.create({ ...body, isDefault: false }));
      return toEmailTemplate(saved);
    } catch (err) {
      throw nameTaken(err, body.name);
    }
  }

  /** @throws 404, 400 (syntax), 409 (name taken). */
  async update(id: number, body: EmailTemplateBody): Promise<EmailTemplate> {
    checkSyntax(body);
    const row = await this.repo.findOneBy({ id });
    if (!row) throw notFound(id);
    await this.checkNameFree(body.name, id);
    Object.assign(row, body);
    try {
      return toEmailTemplate(await this.repo.save(row));
    } catch (err) {
      throw nameTaken(err, body.name);
    }
  }

  /** @throws 409 when another template has this name (the unique index stays the last word). */
  private async checkNameFree(name: string, exceptId?: number): Promise<void> {
    const other = await this.repo.findOneBy({ name });
    if (other && other.id !== exceptId) throw nameTakenError(name);
  }

  /** @throws 404; 409 for a default template (edit it instead: the seed would bring it back). */
  async remove(id: number): Promise<void> {
    const row = await this.repo.findOneBy({ id });
    if (!row) throw notFound(id);
    if (row.isDefault)
      throw new ApiError(409, ErrorCode.Conflict, `The default template "${row.name}" cannot be deleted; edit it instead.`);
    await this.repo.delete({ id });
  }

  /**
   * A template by id (number or digit string) or by name (case-insensitive).
   * @throws 400 VALIDATION_FAILED on `field` when there is none.
   */
  async resolve(ref: number | string, field = 'template'): Promise<EmailTemplateRecord> {
    const asId = typeof ref === 'number' ? ref : /^\d+$/.test(ref) ? Number(ref) : null;
    const row =
      asId !== null
        ? await this.repo.findOneBy({ id: asId })
        : await this.repo.createQueryBuilder('t').where('lower(t.name) = lower(:name)', { name: ref }).getOne();
    if (!row)
      throw new ApiError(400, ErrorCode.ValidationFailed, `Unknown template: ${ref}`, {
        fieldErrors: { [field]: [`Unknown template: ${ref}`] },
      });
    return row;
  }

  /**
   * POST /api/email-templates/preview: renders a stored template (templateId) or an unsaved one
   * (subject + content) with a lead's data (leadId) or sample values.
   * @throws 404 (template or lead), 400 (syntax).
   */
  async preview(p: TemplatePreview): Promise<TemplatePreviewResponse> {
    let source: { subject: string; content: string };
    if (p.templateId !== undefined) {
      const row = await this.repo.findOneBy({ id: p.templateId });
      if (!row) throw notFound(p.templateId);
      source = row;
    } else {
      source = { subject: p.subject!, content: p.content! };
      checkSyntax(source);
    }
    let lead: TemplateLead = SAMPLE_LEAD;
    if (p.leadId !== undefined) {
      const row = await this.leads.findById(p.leadId);
      if (!row) throw new ApiError(404, ErrorCode.NotFound, `Lead ${p.leadId} not found`);
      lead = row;
    }
    return renderEmail(source, templateContext(lead, await this.settings.companyFacts()));
  }
}

function checkSyntax(t: { subject: string; content: string }): void {
  const fieldErrors: Record<string, string[]> = {};
  const s = templateSyntaxError(t.subject);
  const c = templateSyntaxError(t.content);
  if (s) fieldErrors.subject = [`Template syntax error: ${s}`];
  if (c) fieldErrors.content = [`Template syntax error: ${c}`];
  if (s || c) throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: ${Object.keys(fieldErrors).join(', ')}`, { fieldErrors });
}

const notFound = (id: number) => new ApiError(404, ErrorCode.NotFound, `Email template ${id} not found`);

const nameTakenError = (name: string) =>
  new ApiError(409, ErrorCode.Conflict, `A template named "${name}" already exists.`, {
    fieldErrors: { name: ['A template with this name already exists.'] },
  });

/** A unique violation on the name (a concurrent create) becomes the same 409. */
function nameTaken(err: unknown, name: string): unknown {
  return err instanceof QueryFailedError && (err as QueryFailedError & { code?: string }).code === '23505' ? nameTakenError(name) : err;
}

export function toEmailTemplate(r: EmailTemplateRecord): EmailTemplate {
  return {
    id: r.id,
    name: r.name,
    subject: r.subject,
    content: r.content,
    category: r.category,
    isDefault: r.isDefault,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
