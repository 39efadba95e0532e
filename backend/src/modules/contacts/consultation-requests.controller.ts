import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { createConsultationRequestSchema, type ConsultationRequestResponse, type CreateConsultationRequest } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicWrite, formCheckOf } from '../../platform/abuse/index.js';
import { ContactsService } from './contacts.service.js';

@Controller('api/consultation-requests')
export class ConsultationRequestsController {
  constructor(private readonly contacts: ContactsService) {}

  /**
   * POST /api/consultation-requests (public-site.md §2 "Consultation payment"; decisions.md §14:
   * online payment not configured): body `{firstName, lastName, email, phone, buildingType,
   * message?}` (unknown fields rejected). 201 `{contactId, callBackWithinHours}`: stored as a
   * contact with source `consultation`, staff notified. 400 VALIDATION_FAILED with
   * `details.fieldErrors`; 503 FEATURE_DISABLED (contact forms off). Bot defences as POST
   * /api/contacts (the contacts budget).
   */
  @Public()
  @PublicWrite('contacts', { challenge: true })
  @Post()
  @HttpCode(201)
  create(
    @Body(new ZodValidationPipe(createConsultationRequestSchema)) body: CreateConsultationRequest,
    @Req() req: Request,
  ): Promise<ConsultationRequestResponse> {
    return this.contacts.requestConsultation(body, formCheckOf(req).spamReason);
  }
}
