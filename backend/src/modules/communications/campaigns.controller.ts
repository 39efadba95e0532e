import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import {
  bulkCommunicationSchema,
  type BulkCommunication,
  type BulkCommunicationResponse,
  type CampaignResponse,
  type CampaignsResponse,
  type RecordJobsResponse,
} from '@ironclad/contracts';
import { RecordJobsService } from '../operations/index.js';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { AuditLogService } from '../staff/index.js';
import { CampaignsService } from './campaigns.service.js';
import { CampaignProgressPublisher } from './campaign-progress.publisher.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';

/** Bulk campaigns (staff-side.md §7 POST /api/bulk-communication). Staff only; actions are audited (`campaign.*`). */
@Controller('api')
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly progress: CampaignProgressPublisher,
    private readonly jobs: RecordJobsService,
    private readonly audit: AuditLogService,
  ) {}

  /**
   * POST /api/bulk-communication {type, template? (email), message? (sms), name?, filter {status?,
   * minValue? (whole dollars), createdAfter?}} → 202 `{campaignId, recipients, campaign}` at once;
   * delivery and progress follow (`campaign:progress`). 400 field errors / unknown template.
   */
  @Post('bulk-communication')
  @HttpCode(202)
  async create(
    @Body(new ZodValidationPipe(bulkCommunicationSchema)) body: BulkCommunication,
    @CurrentUser() user: SessionUser,
  ): Promise<BulkCommunicationResponse> {
    const out = await this.campaigns.create(body, user);
    await this.audit.record(null, user, 'campaign.created', 'campaign', out.campaignId, {
      name: out.campaign.name,
      channel: body.type,
      recipients: out.recipients,
    });
    return out;
  }

  /** GET /api/campaigns → `{campaigns}` newest first, with live counts. */
  @Get('campaigns')
  async list(): Promise<CampaignsResponse> {
    return { campaigns: await this.campaigns.list() };
  }

  /** GET /api/campaigns/{id} → `{campaign}`; 404. */
  @Get('campaigns/:id')
  async get(@Param('id', IdParamPipe) id: number): Promise<CampaignResponse> {
    return { campaign: await this.campaigns.get(id) };
  }

  /**
   * GET /api/campaigns/{id}/jobs — `{jobs: JobSummary[]}`: the campaign's jobs (its fan-out and
   * its recipients' emails or SMS), failed ones first, then the newest 50. 404 for an unknown
   * campaign; 503 when Redis does not answer.
   */
  @Get('campaigns/:id/jobs')
  async jobsOf(@Param('id', IdParamPipe) id: number): Promise<RecordJobsResponse> {
    await this.campaigns.get(id);
    return { jobs: await this.jobs.jobsOf('campaign', id) };
  }

  /** POST /api/campaigns/{id}/pause → `{campaign}`; 404; 409 when already finished. */
  @Post('campaigns/:id/pause')
  @HttpCode(200)
  async pause(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<CampaignResponse> {
    const campaign = await this.campaigns.pause(id);
    this.progress.touch(id);
    await this.audit.record(null, user, 'campaign.paused', 'campaign', id, { name: campaign.name });
    return { campaign };
  }

  /** POST /api/campaigns/{id}/resume → `{campaign}`; 404; 409 when finished. */
  @Post('campaigns/:id/resume')
  @HttpCode(200)
  async resume(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<CampaignResponse> {
    const campaign = await this.campaigns.resume(id);
    this.progress.touch(id);
    await this.audit.record(null, user, 'campaign.resumed', 'campaign', id, { name: campaign.name });
    return { campaign };
  }

  /** POST /api/campaigns/{id}/cancel → `{campaign}`; 404; 409 when already sent. */
  @Post('campaigns/:id/cancel')
  @HttpCode(200)
  async cancel(@Param('id', IdParamPipe) id: number, @CurrentUser() user: SessionUser): Promise<CampaignResponse> {
    const campaign = await this.campaigns.cancel(id);
    this.progress.touch(id);
    await this.audit.record(null, user, 'campaign.cancelled', 'campaign', id, { name: campaign.name });
    return { campaign };
  }
}
