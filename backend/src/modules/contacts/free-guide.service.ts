import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ErrorCode, Jobs, type FreeGuideResponse, type RequestFreeGuide, type SpamReasonValue } from '@ironclad/contracts';
import { ENV, type Env } from '../../platform/config/env.js';
import { ApiError } from '../../platform/http/api-error.js';
import { JobProducer } from '../../platform/queue/job-producer.js';
import { deliveryJobOptions } from '../messaging/index.js';
import { SiteSettingsService } from '../site/index.js';
import { ContactRecord } from './contact.entity.js';

/** A second request from the same address within this many hours sends nothing new. */
export const FREE_GUIDE_REPEAT_HOURS = 24;

/** Job id of the free-guide email of contact `contactId` (one email per request, whatever replays). */
export const freeGuideJobId = (contactId: number) => `free-guide-${contactId}`;

/**
 * The free-guide email capture (public-site.md §2 "Free-guide block", §5; decisions.md §14): a
 * request is a contact with source `free_guide` and the time the visitor asked to be emailed
 * (`consentedAt`); the worker renders the 47-point checklist PDF once and emails it (FreeGuideEmail
 * job, under the per-recipient cap of visitor-addressed messages).
 */
@Injectable()
export class FreeGuideService {
  private readonly logger = new Logger(FreeGuideService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: SiteSettingsService,
    private readonly jobs: JobProducer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * POST /api/free-guide: stores the request and enqueues its email in one step — the job is added
   * before the contact's transaction commits, so a request the queue did not take leaves nothing
   * behind (the job retries while the commit is not visible yet). A request from an address that
   * asked within {@link FREE_GUIDE_REPEAT_HOURS} hours stores and sends nothing new (an advisory
   * lock on the address makes concurrent requests count as one). A request taken for a bot's is
   * stored flagged, without an email.
   * @throws ApiError 503 FEATURE_DISABLED (contact_forms_enabled off, decisions.md §11),
   *   503 SERVICE_UNAVAILABLE (the queue is unreachable).
   */
  async request(input: RequestFreeGuide, spamReason: SpamReasonValue | null = null): Promise<FreeGuideResponse> {
    await this.settings.assertEnabled('contact_forms_enabled');
    const email = input.email.trim().toLowerCase();
    try {
      return await this.dataSource.transaction(async (manager): Promise<FreeGuideResponse> => {
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`free-guide:${email}`]);
        const recent = await manager
          .getRepository(ContactRecord)
          .createQueryBuilder('c')
          .where(`c.source = 'free_guide' AND lower(c.email) = :email AND c.spam_reason IS NULL`, { email })
          .andWhere(`c.created_at > now() - (:hours || ' hours')::interval`, { hours: String(FREE_GUIDE_REPEAT_HOURS) })
          .getExists();
        if (recent) return { accepted: true, emailJob: null };
        const contact = await manager.save(
          manager.create(ContactRecord, {
            firstName: '',
            lastName: '',
            email: input.email,
            phone: '',
            propertyType: '',
            services: [],
            referralSource: null,
            message: null,
            serviceType: null,
            source: 'free_guide',
            consentedAt: new Date(),
            spamReason,
          }),
        );
        if (spamReason) return { accepted: true, emailJob: null };
        const job = await this.jobs.enqueue(
          Jobs.FreeGuideEmail,
          { contactId: contact.id },
          { ...deliveryJobOptions(this.env), jobId: freeGuideJobId(contact.id) },
        );
        return { accepted: true, emailJob: job };
      });
    } catch (err) {
      if (err instanceof ApiError) throw err;
      this.logger.warn(`could not take a free-guide request: ${(err as Error).message}`);
      throw new ApiError(503, ErrorCode.ServiceUnavailable, 'The guide cannot be sent right now. Please try again in a few minutes.');
    }
  }
}
