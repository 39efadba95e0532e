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
import { PublicWrite, formCheckOf } from '../../platform/abuse/index.js';

/** Deposit payments (public-site.md §7, §9; decisions.md §3, §4). */
@Controller('api')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /**
   * POST /api/create-deposit-payment — body `{quoteToken, totalAmount?, customerInfo?, projectDetails?}`
   * (`quoteToken`: the `depositToken` of the POST /api/leads answer); amount = round(10% × the
   * stored quote total) in cents (`totalAmount` and the details are ignored).
   * 200 `{clientSecret}` (the quote's open intent reused when there is one); 400 field errors (a
   * `leadId` is refused); 404 NOT_FOUND "This quote cannot be paid online. Please call us." for a
   * token that is unknown, malformed, of a paid deposit or of a lead without a quote; 409 deposit
   * above what Stripe takes; 423 PAYMENTS_LOCKED after repeated card failures of the quote or the
   * address; 428 / 429 from the bot defences (every request counts toward
   * RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR, shared with the consultation); 502 provider failure;
   * 503 PAYMENTS_NOT_CONFIGURED.
   */
  @Public()
  @PublicWrite('paymentIntent', { challenge: true, suspicionNeedsChallenge: true })
  @Post('create-deposit-payment')
  @HttpCode(200)
  createDeposit(
    @Body(new ZodValidationPipe(createDepositPaymentSchema)) body: CreateDepositPayment,
    @Req() req: Request,
  ): Promise<ClientSecretResponse> {
    return this.payments.createDeposit(body, formCheckOf(req).address);
  }

  /**
   * POST /api/create-consultation-payment — body `{amount?, customerInfo {firstName, lastName,
   * email, phone}, projectDetails {type, description}}`; always 25000 cents (`amount` ignored).
   * 200 `{clientSecret}` (the same intent for the same e-mail, details and UTC day); 400 field
   * errors; 423 PAYMENTS_LOCKED after repeated card failures from the address; 428 / 429 from the
   * bot defences (every request counts toward RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR, shared with
   * the deposit); 502 provider failure; 503 PAYMENTS_NOT_CONFIGURED.
   */
  @Public()
  @PublicWrite('paymentIntent', { challenge: true, suspicionNeedsChallenge: true })
  @Post('create-consultation-payment')
  @HttpCode(200)
  createConsultation(
    @Body(new ZodValidationPipe(createConsultationPaymentSchema)) body: CreateConsultationPayment,
    @Req() req: Request,
  ): Promise<ClientSecretResponse> {
    return this.payments.createConsultation(body, formCheckOf(req).address);
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
