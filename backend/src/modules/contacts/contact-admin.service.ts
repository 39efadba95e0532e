import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, type Contact, type ContactListQuery, type ContactListResponse, type Lead } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService } from '../staff/index.js';
import { LeadRecord, searchPattern, toLead } from '../leads/index.js';
import { ContactRecord } from './contact.entity.js';
import { toStaffContact } from './contacts.service.js';

/** Staff operations on contacts (staff-side.md §2 contacts tab, §7; decisions.md §9). */
@Injectable()
export class ContactAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * One page of contacts, newest first; `search` over first/last name, email and phone (a
   * phone-like term matches the number in any format, as in the leads search). `spam`
   * `exclude` (default) leaves out contacts flagged as spam, `only` lists just them.
   */
  async list(q: ContactListQuery): Promise<ContactListResponse> {
    const qb = this.dataSource.getRepository(ContactRecord).createQueryBuilder('c');
    qb.where(q.spam === 'only' ? 'c.spam_reason IS NOT NULL' : 'c.spam_reason IS NULL');
    const term = q.search?.trim();
    if (term) {
      qb.andWhere(
        `(c.first_name || ' ' || c.last_name || ' ' || c.email || ' ' || c.phone || ' ' || regexp_replace(c.phone, '[^0-9]', '', 'g')) ILIKE :needle`,
        { needle: searchPattern(term) },
      );
    }
    const [rows, total] = await qb
      .orderBy('c.createdAt', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .skip((q.page - 1) * q.pageSize)
      .take(q.pageSize)
      .getManyAndCount();
    return { contacts: rows.map(toStaffContact), total, page: q.page, pageSize: q.pageSize };
  }

  /**
   * POST /api/contacts/{id}/not-spam: clears the spam flag of a contact the bot defences flagged;
   * audited as `contact.restored_from_spam`. A contact that is not flagged is answered as it is.
   * @throws ApiError 404 NOT_FOUND.
   */
  async restoreFromSpam(id: number, user: SessionUser | undefined): Promise<{ contact: Contact }> {
    return this.dataSource.transaction(async (m) => {
      const contact = await m.getRepository(ContactRecord).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!contact) throw new ApiError(404, ErrorCode.NotFound, `Contact ${id} not found`);
      if (contact.spamReason === null) return { contact: toStaffContact(contact) };
      const reason = contact.spamReason;
      contact.spamReason = null;
      const saved = await m.save(contact);
      await this.audit.record(m, user, 'contact.restored_from_spam', 'contact', id, { reason });
      return { contact: toStaffContact(saved) };
    });
  }

  /**
   * Convert to Lead (decisions.md §9): creates a lead (source `contact_conversion`, status `new`)
   * from the contact and links it (`contacts.lead_id`), in one transaction. Converting a contact
   * that is already linked answers its existing lead (`created: false`).
   * @throws ApiError 404 NOT_FOUND when the contact does not exist.
   */
  async convert(id: number, user: SessionUser | undefined): Promise<{ lead: Lead; created: boolean }> {
    return this.dataSource.transaction(async (m) => {
      const contact = await m.getRepository(ContactRecord).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!contact) throw new ApiError(404, ErrorCode.NotFound, `Contact ${id} not found`);
      if (contact.leadId !== null) {
        const existing = await m.getRepository(LeadRecord).findOne({ where: { id: contact.leadId } });
        if (existing) return { lead: toLead(existing), created: false };
      }
      const lead = await m.save(
        m.create(LeadRecord, {
          firstName: contact.firstName,
          lastName: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          company: null,
          address: null,
          buildingInfo: { type: contact.propertyType, ...(contact.message ? { description: contact.message } : {}) },
          aiRecommendation: null,
          totalEstimateCents: null,
          budget: null,
          timeline: null,
          specificAreas: null,
          additionalFeatures: contact.services,
          status: 'new',
          source: 'contact_conversion',
        }),
      );
      await m.update(ContactRecord, { id }, { leadId: lead.id });
      await this.audit.record(m, user, 'contact.converted', 'lead', lead.id, { contactId: id });
      return { lead: toLead(lead), created: true };
    });
  }
}
