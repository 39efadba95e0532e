import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  createConsultationPaymentSchema,
  createDepositPaymentSchema,
  paymentIntentIdParamSchema,
  type ClientSecretResponse,
  type CreateConsultationPayment,
  type CreateDepositPayment,
  type PaymentStatusResponse,
  type StripeWebhookResponse,
} from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { PaymentsService } from './payments.service.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicWrite } from '../../platform/abuse/index.js';

/** Deposit payments (public-site.md §7, §9; decisions.md §3, §4). */
@Controller('api')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /**
   * POST /api/create-deposit-payment — body `{leadId, totalAmount?, customerInfo?, projectDetails?}`;
   * amount = round(10% × the stored lead total) in cents (`totalAmount` ignored).
   * 200 `{clientSecret}`; 400 field errors; 404 unknown lead; 409 no quote / already paid;
   * 502 provider failure; 503 PAYMENTS_NOT_CONFIGURED.
   */
  @Public()
  @PublicWrite('paymentIntent', { challenge: true, suspicionNeedsChallenge: true })
  @Post('create-deposit-payment')
  @HttpCode(200)
  createDeposit(@Body(new ZodValidationPipe(createDepositPaymentSchema)) body: CreateDepositPayment): Promise<ClientSecretResponse> {
    return this.payments.createDeposit(body);
  }

  /**
   * POST /api/create-consultation-payment — body `{amount?, customerInfo {firstName, lastName,
   * email, phone}, projectDetails {type, description}}`; always 25000 cents (`amount` ignored).
   * 200 `{clientSecret}`; 400 field errors; 502 provider failure; 503 PAYMENTS_NOT_CONFIGURED.
   */
  @Public()
  @PublicWrite('paymentIntent', { challenge: true, suspicionNeedsChallenge: true })
  @Post('create-consultation-payment')
  @HttpCode(200)
  createConsultation(
    @Body(new ZodValidationPipe(createConsultationPaymentSchema)) body: CreateConsultationPayment,
  ): Promise<ClientSecretResponse> {
    return this.payments.createConsultation(body);
  }

  /**
   * POST /api/stripe/webhook — Stripe's events, `Stripe-Signature` verified on the raw body.
   * 200 `{received: true, duplicate}`; 400 bad signature; 503 not configured.
   */
  @Public()
  @Post('stripe/webhook')
  @HttpCode(200)
  webhook(
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeWebhookResponse> {
    return this.payments.handleWebhook(req.rawBody, signature);
  }

  /**
   * GET /api/payments/:paymentIntentId — the status our server holds for /payment-success and
   * /consultation-success. 200 PaymentStatusResponse (amount in cents); 400 bad id; 404 unknown.
   */
  @Public()
  @Get('payments/:paymentIntentId')
  status(@Param('paymentIntentId', new ZodValidationPipe(paymentIntentIdParamSchema)) id: string): Promise<PaymentStatusResponse> {
    return this.payments.status(id);
  }
}
