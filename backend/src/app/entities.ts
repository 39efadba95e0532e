/** Every TypeORM entity of the product, registered once for the api, the worker and the CLI. */
import { CallNoteRecord, CampaignRecord, EmailTemplateRecord } from '../modules/communications/index.js';
import { ActionItemStateRecord } from '../modules/crm/index.js';
import { ContactRecord } from '../modules/contacts/index.js';
import { LeadDocumentRecord, SiteDocumentRecord } from '../modules/estimates/index.js';
import { ActiveImageRecord, GeneratedImageRecord, ImageRunRecord, ImageVariantRecord } from '../modules/images/index.js';
import { InventoryItemRecord } from '../modules/inventory/index.js';
import { LeadNoteRecord, LeadRecord, LeadStatusChangeRecord } from '../modules/leads/index.js';
import { CommunicationOptOutRecord, OutboundMessageRecord } from '../modules/messaging/index.js';
import { PaymentFailureRecord, PaymentLockRecord, PaymentRecord, StripeEventRecord } from '../modules/payments/index.js';
import { AiConfigRecord, QuoteVersionRecord } from '../modules/quotes/index.js';
import { CaseStudyRecord, PromotionRecord, SiteContentRecord, SiteSettingRecord, TestimonialRecord } from '../modules/site/index.js';
import { AuditLogRecord, SessionRecord, User } from '../modules/staff/index.js';
import type { EntityList } from '../platform/database/data-source-options.js';
import { QueuePauseRecord } from '../platform/queue/queue-pause.entity.js';
import { ConfigurationVersionRecord } from '../platform/config/configuration-version.entity.js';

export const ENTITIES: EntityList = [
  SessionRecord,
  User,
  ContactRecord,
  LeadRecord,
  CaseStudyRecord,
  TestimonialRecord,
  SiteContentRecord,
  InventoryItemRecord,
  AiConfigRecord,
  SiteSettingRecord,
  PromotionRecord,
  OutboundMessageRecord,
  PaymentRecord,
  StripeEventRecord,
  PaymentFailureRecord,
  PaymentLockRecord,
  AuditLogRecord,
  LeadDocumentRecord,
  LeadStatusChangeRecord,
  CommunicationOptOutRecord,
  CampaignRecord,
  EmailTemplateRecord,
  CallNoteRecord,
  LeadNoteRecord,
  QueuePauseRecord,
  ConfigurationVersionRecord,
  ImageRunRecord,
  GeneratedImageRecord,
  ImageVariantRecord,
  ActiveImageRecord,
  SiteDocumentRecord,
  ActionItemStateRecord,
  QuoteVersionRecord,
];
