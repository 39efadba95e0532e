import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type {
  Contact,
  ConsultationRequestResponse,
  CreateConsultationRequest,
  CreateContact,
  CreateContactResponse,
  SpamReasonValue,
} from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { MessageJobs, OutboundMessagesService } from '../messaging/index.js';
import { renderNewContactNotification } from './new-contact-notification.js';
import { SiteSettingsService } from '../site/index.js';
import { ContactRecord } from './contact.entity.js';

/** Hours within which the company calls back about a consultation (public-site.md §9). */
export const CONSULTATION_CALL_BACK_HOURS = 24;

/** Contact-form submissions (public-site.md §3, §7). */
@Injectable()
export class ContactsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbound: OutboundMessagesService,
    private readonly jobs: MessageJobs,
    private readonly settings: SiteSettingsService,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Stores a validated submission and its staff notification (status `queued`) in one
   * transaction, then enqueues the delivery job. No provider is called here.
   * A submission taken for a bot's (`spamReason`) is stored flagged, without a notification.
   * @throws ApiError 503 FEATURE_DISABLED when contact_forms_enabled is off (decisions.md §11).
   */
  async create(input: CreateContact, spamReason: SpamReasonValue | null = null): Promise<CreateContactResponse> {
    await this.settings.assertEnabled('contact_forms_enabled');
    return this.store(
      {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        propertyType: input.propertyType,
        services: input.services,
        referralSource: input.referralSource ?? null,
        message: input.message ?? null,
        serviceType: input.serviceType ?? null,
        source: 'contact_form',
      },
      spamReason,
    );
  }

  /**
   * POST /api/consultation-requests: the /consultation-payment details of a visitor who cannot pay
   * the deposit online (decisions.md §14), stored as a contact with source `consultation` and the
   * building type as its property type, with the staff notification, as {@link create} does.
   * @returns the contact's id and the call-back promise in hours (public-site.md §9: 24).
   * @throws ApiError 503 FEATURE_DISABLED when contact_forms_enabled is off (decisions.md §11).
   */
  async requestConsultation(
    input: CreateConsultationRequest,
    spamReason: SpamReasonValue | null = null,
  ): Promise<ConsultationRequestResponse> {
    await this.settings.assertEnabled('contact_forms_enabled');
    const { contact } = await this.store(
      {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        propertyType: input.buildingType,
        services: [],
        referralSource: null,
        message: input.message ?? null,
        serviceType: null,
        source: 'consultation',
      },
      spamReason,
    );
    return { contactId: contact.id, callBackWithinHours: CONSULTATION_CALL_BACK_HOURS };
  }

  /** Stores a contact and (unless flagged as spam) its queued staff notification in one transaction, then enqueues the notification. */
  private async store(
    fields: Pick<
      ContactRecord,
      'firstName' | 'lastName' | 'email' | 'phone' | 'propertyType' | 'services' | 'referralSource' | 'message' | 'serviceType' | 'source'
    >,
    spamReason: SpamReasonValue | null,
  ): Promise<CreateContactResponse> {
    const { contact, outboundId } = await this.dataSource.transaction(
      async (manager): Promise<{ contact: ContactRecord; outboundId: number | null }> => {
        const saved = await manager.save(manager.create(ContactRecord, { ...fields, spamReason }));
        if (spamReason) return { contact: saved, outboundId: null };
        const email = renderNewContactNotification(saved, `${this.env.PUBLIC_URL}/admin`);
        const record = await this.outbound.recordQueued(manager, {
          idempotencyKey: `staff-notification:contact:${saved.id}`,
          channel: 'email',
          recipient: this.env.STAFF_NOTIFICATION_EMAIL,
          template: email.template,
          subject: email.subject,
          body: email.text,
          contactId: saved.id,
        });
        return { contact: saved, outboundId: record.id };
      },
    );
    const notificationJob =
      outboundId === null
        ? null
        : await this.jobs.enqueueStaffNotification({ outboundMessageId: outboundId, kind: 'contact', recordId: contact.id });
    return { contact: toContact(contact), notificationJob };
  }

  /** Whether contact `id` exists. */
  exists(id: number): Promise<boolean> {
    return this.dataSource.getRepository(ContactRecord).existsBy({ id });
  }

  /**
   * The id of the visitor's contact inside the caller's transaction `manager`: the newest contact
   * with the same e-mail (case-insensitive), else a new contact from `details` (a consultation
   * payment's customer). An advisory lock on the e-mail makes concurrent calls for one visitor
   * create one contact.
   */
  async findOrCreateByEmail(
    manager: EntityManager,
    details: { firstName: string; lastName: string; email: string; phone: string; propertyType: string },
  ): Promise<number> {
    const email = details.email.trim().toLowerCase();
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`contact-email:${email}`]);
    const existing = await manager
      .getRepository(ContactRecord)
      .createQueryBuilder('c')
      .where('lower(c.email) = :email', { email })
      .orderBy('c.createdAt', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .getOne();
    if (existing) return existing.id;
    const created = await manager.save(
      manager.create(ContactRecord, { ...details, services: [], referralSource: null, message: null, serviceType: null, leadId: null }),
    );
    return created.id;
  }
}

/** Entity → API shape. */
/** Entity → the staff's API shape: {@link toContact} plus the spam flag. */
export function toStaffContact(r: ContactRecord): Contact {
  return { ...toContact(r), spamReason: (r.spamReason as SpamReasonValue | null) ?? null };
}

/** Entity → API shape, as the visitor's answer gives it (no spam flag). */
export function toContact(r: ContactRecord): Contact {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    propertyType: r.propertyType,
    services: r.services,
    referralSource: r.referralSource,
    message: r.message,
    serviceType: r.serviceType,
    leadId: r.leadId,
    source: r.source,
    consentedAt: r.consentedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}
