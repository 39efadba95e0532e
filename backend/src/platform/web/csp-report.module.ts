import { Module } from '@nestjs/common';
import { CspReportController } from './csp-report.controller.js';

/** POST /api/csp-report (the api only; its rate limit comes from the global BotDefenceModule). */
@Module({ controllers: [CspReportController] })
export class CspReportModule {}
