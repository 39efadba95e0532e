/**
 * The configured email and SMS providers (decisions.md §13, §14): SendGrid and Twilio when their
 * credentials are set, the local outbox otherwise.
 */
import type { Provider } from '@nestjs/common';
import { ENV, type Env } from '../../platform/config/env.js';
import { EMAIL_PROVIDER, OutboxEmailProvider, SendGridEmailProvider } from './email-provider.js';
import { OutboxSmsProvider, SMS_PROVIDER, TwilioSmsProvider } from './sms-provider.js';

/** Whether Twilio is fully configured (SID, token and sending number). */
export const twilioConfigured = (env: Env) => Boolean(env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_PHONE_NUMBER);

/** Nest providers of EMAIL_PROVIDER and SMS_PROVIDER. */
export const MESSAGE_PROVIDERS: Provider[] = [
  {
    provide: EMAIL_PROVIDER,
    inject: [ENV],
    useFactory: (env: Env) =>
      env.SENDGRID_API_KEY
        ? new SendGridEmailProvider(env.SENDGRID_API_KEY, env.SENDGRID_BASE_URL, env.PROVIDER_TIMEOUT_MS)
        : new OutboxEmailProvider(),
  },
  {
    provide: SMS_PROVIDER,
    inject: [ENV],
    useFactory: (env: Env) =>
      twilioConfigured(env)
        ? new TwilioSmsProvider(
            env.TWILIO_ACCOUNT_SID!,
            env.TWILIO_AUTH_TOKEN!,
            env.TWILIO_PHONE_NUMBER!,
            env.TWILIO_BASE_URL,
            env.PROVIDER_TIMEOUT_MS,
          )
        : new OutboxSmsProvider(),
  },
];
