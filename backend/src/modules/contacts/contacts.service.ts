import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Contact, CreateContact, CreateContactResponse } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { MessageJobs, OutboundMessagesService } from '../messaging/index.js';
import { renderNewContactNotification } from './new-contact-notification.js';
import { SiteSettingsService } from '../site/index.js';
import { ContactRecord } from './contact.entity.js';

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
   * @throws ApiError 503 FEATURE_DISABLED when contact_forms_enabled is off (decisions.md §11).
   */
  async create(input: CreateContact): Promise<CreateContactResponse> {
    await this.settings.assertEnabled('contact_forms_enabled');
    const { contact, outboundId } = await this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(ContactRecord, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          propertyType: input.propertyType,
          services: input.services,
          referralSource: input.referralSource ?? null,
          message: input.message ?? null,
          serviceType: input.serviceType ?? null,
        }),
      );
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
    });
    const notificationJob = await this.jobs.enqueueStaffNotification({ outboundMessageId: outboundId, kind: 'contact', recordId: contact.id });
    return { contact: toContact(contact), notificationJob };
  }
}

/** Entity → API shape. */
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
    createdAt: r.createdAt.toISOString(),
  };
}
