/** Every TypeORM entity of the product, registered once for the api, the worker and the CLI. */
import { SessionRecord } from '../modules/sessions/session.entity.js';
import { User } from '../modules/users/user.entity.js';
import { ContactRecord } from '../modules/contacts/contact.entity.js';
import { LeadRecord } from '../modules/leads/lead.entity.js';
import { CaseStudyRecord } from '../modules/case-studies/case-study.entity.js';
import { TestimonialRecord } from '../modules/testimonials/testimonial.entity.js';
import { SiteContentRecord } from '../modules/site-content/site-content.entity.js';
import { InventoryItemRecord } from '../modules/inventory/inventory-item.entity.js';
import { AiConfigRecord } from '../modules/ai-config/ai-config.entity.js';
import { SiteSettingRecord } from '../modules/site-settings/site-setting.entity.js';
import { PromotionRecord } from '../modules/promotions/promotion.entity.js';
import { OutboundMessageRecord } from '../modules/messaging/outbound-message.entity.js';
import { PaymentRecord, StripeEventRecord } from '../modules/payments/payment.entity.js';
import { AuditLogRecord } from '../modules/audit/audit-log.entity.js';
import { LeadDocumentRecord } from '../modules/estimates/lead-document.entity.js';
import { LeadStatusChangeRecord } from '../modules/leads/lead-status-change.entity.js';
import { CommunicationOptOutRecord } from '../modules/messaging/communication-opt-out.entity.js';
import { CampaignRecord } from '../modules/communications/campaign.entity.js';
import { EmailTemplateRecord } from '../modules/communications/email-template.entity.js';
import { CallNoteRecord } from '../modules/communications/call-note.entity.js';

export const ENTITIES = [
  SessionRecord, User, ContactRecord, LeadRecord, CaseStudyRecord, TestimonialRecord, SiteContentRecord,
  InventoryItemRecord, AiConfigRecord, SiteSettingRecord, PromotionRecord, OutboundMessageRecord,
  PaymentRecord, StripeEventRecord,
  AuditLogRecord,
  LeadDocumentRecord,
  LeadStatusChangeRecord, CommunicationOptOutRecord, CampaignRecord, EmailTemplateRecord, CallNoteRecord,
];
