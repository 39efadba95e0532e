import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  directCommunicationTestSchema,
  leadActivitiesQuerySchema,
  messagePreviewSchema,
  quickTestCommunicationSchema,
  sendCommunicationSchema,
  sendLeadEmailSchema,
  sendLeadSmsSchema,
  testCommunicationSchema,
  testDirectCommunicationSchema,
  type CallNoteResponse,
  type CommunicationStatus,
  type DirectCommunicationTest,
  type LeadActivitiesQuery,
  type LeadActivitiesResponse,
  type LeadActivityItemsResponse,
  type MessagePreview,
  type MessagePreviewResponse,
  type QuickTestCommunication,
  type QuickTestResponse,
  type SendCommunication,
  type SendLeadEmail,
  type SendLeadSms,
  type SendMessageResponse,
  type TestCommunication,
  type TestDirectCommunication,
  type TestResult,
} from '@ironclad/contracts';
import { CurrentUser } from '../../platform/http/auth/current-user.decorator.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { ActivitiesService } from './activities.service.js';
import { CommunicationsService } from './communications.service.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';

/**
 * Staff communication calls (staff-side.md §7). Staff only (global guard).
 * Sends answer 202 with the stored record: delivery happens in the worker.
 */
@Controller('api')
export class CommunicationsController {
  constructor(
    private readonly comms: CommunicationsService,
    private readonly activities: ActivitiesService,
  ) {}

  /** GET /api/communication-status → `{sendgrid {configured, apiKey (masked)}, twilio {configured, phoneNumber}, totalLeads}`. */
  @Get('communication-status')
  status(): Promise<CommunicationStatus> {
    return this.comms.status();
  }

  /** POST /api/leads/{id}/send-email {template (name or id)} → 202 `{message}`; 404 lead; 400 unknown template. */
  @Post('leads/:id/send-email')
  @HttpCode(202)
  sendEmail(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(sendLeadEmailSchema)) body: SendLeadEmail,
    @CurrentUser() user: SessionUser,
  ): Promise<SendMessageResponse> {
    return this.comms.sendLeadEmail(id, body.template, user);
  }

  /**
   * POST /api/leads/{id}/message-preview {type email|sms, template? | message, subject?} → 200
   * MessagePreviewResponse `{channel, recipient, subject, text, html, template}`: the message as
   * the send would render it for this lead (same templating); nothing is stored or sent.
   * 404 lead; 400 field errors (unknown template, syntax, no usable phone).
   */
  @Post('leads/:id/message-preview')
  @HttpCode(200)
  previewMessage(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(messagePreviewSchema)) body: MessagePreview,
  ): Promise<MessagePreviewResponse> {
    return this.comms.previewLeadMessage(id, body);
  }

  /** POST /api/leads/{id}/send-sms {message (≤ 1600 chars, may use template variables)} → 202 `{message}`; 404; 400 no valid phone. */
  @Post('leads/:id/send-sms')
  @HttpCode(202)
  sendSms(
    @Param('id', IdParamPipe) id: number,
    @Body(new ZodValidationPipe(sendLeadSmsSchema)) body: SendLeadSms,
    @CurrentUser() user: SessionUser,
  ): Promise<SendMessageResponse> {
    return this.comms.sendLeadSms(id, body.message, user);
  }

  /**
   * POST /api/send-communication {leadId, type email|sms|call, message, subject?, recipient?} →
   * 202 `{message}` for email/SMS, 201 `{callNote}` for a call note. 404 lead; 400 field errors.
   */
  @Post('send-communication')
  async send(
    @Body(new ZodValidationPipe(sendCommunicationSchema)) body: SendCommunication,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SendMessageResponse | CallNoteResponse> {
    res.status(body.type === 'call' ? 201 : 202);
    return this.comms.sendCommunication(body, user);
  }

  /**
   * POST /api/test-communication {leadId, type, template?, message?} or {type, recipient} →
   * `{success, message}` after the worker's outcome (≤ 10 s). 400 "Please enter a lead ID" without either.
   */
  @Post('test-communication')
  @HttpCode(200)
  test(
    @Body(new ZodValidationPipe(testCommunicationSchema)) body: TestCommunication,
    @CurrentUser() user: SessionUser,
  ): Promise<TestResult> {
    return this.comms.testCommunication(body, user);
  }

  /** POST /api/test-direct-communication {type, email?, phone?, template?, message?} → `{success, message}`. */
  @Post('test-direct-communication')
  @HttpCode(200)
  testDirect(
    @Body(new ZodValidationPipe(testDirectCommunicationSchema)) body: TestDirectCommunication,
    @CurrentUser() user: SessionUser,
  ): Promise<TestResult> {
    return this.comms.testDirect(body, user);
  }

  /** POST /api/direct-communication-test {type, testRecipient} → `{success, message}`. */
  @Post('direct-communication-test')
  @HttpCode(200)
  directTest(
    @Body(new ZodValidationPipe(directCommunicationTestSchema)) body: DirectCommunicationTest,
    @CurrentUser() user: SessionUser,
  ): Promise<TestResult> {
    return this.comms.directTest(body, user);
  }

  /** POST /api/quick-test-communication {email?, phone?} → `{results: {email?: {success, message}, sms?: {…}}}`. */
  @Post('quick-test-communication')
  @HttpCode(200)
  quickTest(
    @Body(new ZodValidationPipe(quickTestCommunicationSchema)) body: QuickTestCommunication,
    @CurrentUser() user: SessionUser,
  ): Promise<QuickTestResponse> {
    return this.comms.quickTest(body, user);
  }

  /**
   * GET /api/lead-activities?limit=50&page=1&leadId=&search=&type=&channel=&from=&to= →
   * `{activities: LeadActivity[], total, page, pageSize}`, most recently active leads first; with
   * filters only the leads with a matching item (issue 22 point 8). 400 VALIDATION_FAILED for a bad query.
   */
  @Get('lead-activities')
  async leadActivities(@Query(new ZodValidationPipe(leadActivitiesQuerySchema)) q: LeadActivitiesQuery): Promise<LeadActivitiesResponse> {
    return this.activities.leadActivities(q);
  }

  /** GET /api/leads/{id}/activities → `{activities: LeadActivityItem[]}`, newest first; 404. */
  @Get('leads/:id/activities')
  async leadTimeline(@Param('id', IdParamPipe) id: number): Promise<LeadActivityItemsResponse> {
    return { activities: await this.activities.ofLead(id) };
  }
}
