import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { createContactSchema, type CreateContact, type CreateContactResponse } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { ContactsService } from './contacts.service.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicWrite } from '../../platform/abuse/index.js';

@Controller('api/contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  /**
   * POST /api/contacts (public-site.md §7; validation §5): body `CreateContactInput`
   * (firstName, lastName, email, phone, propertyType required; services string[]; referralSource,
   * message, serviceType optional; unknown fields rejected).
   * 201 `{contact, notificationJob: {id, queue} | null}`; 400 VALIDATION_FAILED with
   * `details.fieldErrors`; 503 FEATURE_DISABLED when the contact forms are switched off.
   */
  @Public()
  @PublicWrite('contacts', { challenge: true })
  @Post()
  @HttpCode(201)
  create(@Body(new ZodValidationPipe(createContactSchema)) body: CreateContact): Promise<CreateContactResponse> {
    return this.contacts.create(body);
  }
}
