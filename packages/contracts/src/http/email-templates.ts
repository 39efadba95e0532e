/**
 * Email template calls (staff-side.md §7 GET /api/email-templates; decisions.md §13). Staff only.
 * Templates are Handlebars sources with the variables of TEMPLATE_VARIABLES (communications.ts).
 */
import { z } from 'zod';
import { EMAIL_CONTENT_MAX_LENGTH } from '../communications.js';
import { limitedText, recordIdField } from '../text.js';

/**
 * A stored email template. `subject` and `content` are Handlebars templates (HTML-escaped by
 * default); `content` is plain text with line breaks, the HTML part of the email is derived from
 * it. Dates ISO-8601.
 */
export const emailTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  content: z.string(),
  category: z.string(),
  /** True for the seeded defaults (welcome, follow-up, proposal). */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.output<typeof emailTemplateSchema>;

/** Answer of GET /api/email-templates: defaults first. */
export const emailTemplatesResponseSchema = z.object({ templates: z.array(emailTemplateSchema) });
export type EmailTemplatesResponse = z.output<typeof emailTemplatesResponseSchema>;

/**
 * Body of POST /api/email-templates (201) and PUT /api/email-templates/{id} (200). Names are
 * unique (409); a template that does not compile is a field error (400). DELETE
 * /api/email-templates/{id} answers 204 (409 for a default template).
 */
export const emailTemplateBodySchema = z
  .object({
    name: limitedText(100).min(1, { error: 'Name is required.' }),
    subject: limitedText(300).min(1, { error: 'Subject is required.' }),
    content: limitedText(EMAIL_CONTENT_MAX_LENGTH).min(1, { error: 'Content is required.' }),
    category: limitedText(50).min(1, { error: 'Category is required.' }),
  })
  .strict();
export type EmailTemplateBody = z.output<typeof emailTemplateBodySchema>;

/** Answer of POST and PUT /api/email-templates: the stored template. */
export const emailTemplateResponseSchema = z.object({ template: emailTemplateSchema });
export type EmailTemplateResponse = z.output<typeof emailTemplateResponseSchema>;

/**
 * Body of POST /api/email-templates/preview: a stored template (`templateId`) or an unsaved one
 * (`subject` + `content`), rendered with a real lead's data (`leadId`) or, without one, with
 * sample values. 404 unknown template / lead.
 */
export const templatePreviewSchema = z
  .object({
    templateId: recordIdField().optional(),
    subject: limitedText(300).optional(),
    content: limitedText(EMAIL_CONTENT_MAX_LENGTH).optional(),
    leadId: recordIdField().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.templateId === undefined && (v.subject === undefined || v.content === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['templateId'], message: 'Give a templateId or a subject and content.' });
    }
  });
export type TemplatePreview = z.output<typeof templatePreviewSchema>;

/** Answer of the preview: the rendered subject, HTML and plain text. */
export const templatePreviewResponseSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TemplatePreviewResponse = z.output<typeof templatePreviewResponseSchema>;
