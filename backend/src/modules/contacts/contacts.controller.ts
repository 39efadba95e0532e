import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { createContactSchema, type CreateContact, type CreateContactResponse } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { ContactsService } from './contacts.service.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicWrite, formCheckOf } from '../../platform/abuse/index.js';

@Controller('api/contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  /**
   * POST /api/contacts (public-site.md §7; validation §5): body `CreateContactInput`
   * (firstName, lastName, email, phone, propertyType required; services string[]; referralSource,
   * message, serviceType optional; unknown fields rejected).
   * 201 `{contact, notificationJob: {id, queue} | null}`; 400 VALIDATION_FAILED with
   * `details.fieldErrors`; 503 FEATURE_DISABLED when the contact forms are switched off.
   * Bot defences (`@PublicWrite`): 429 RATE_LIMITED past RATE_LIMIT_CONTACTS_PER_HOUR per address,
   * 428 CHALLENGE_REQUIRED past the challenge threshold; a failed honeypot or fill time answers
   * as usual and stores the contact flagged as spam, without a notification.
   */
  @Public()
  @PublicWrite('contacts', { challenge: true })
  @Post()
  @HttpCode(201)
  create(@Body(new ZodValidationPipe(createContactSchema)) body: CreateContact, @Req() req: Request): Promise<CreateContactResponse> {
    return this.contacts.create(body, formCheckOf(req).spamReason);
  }
}
