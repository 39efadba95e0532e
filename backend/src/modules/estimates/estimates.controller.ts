import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { generateEstimatePdfSchema, type GenerateEstimatePdf, type GenerateEstimatePdfResponse } from '@ironclad/contracts';
import { ZodValidationPipe } from '../../platform/http/zod-validation.pipe.js';
import { EstimatesService } from './estimates.service.js';
import { Public } from '../../platform/http/auth/public.decorator.js';
import { PublicWrite } from '../../platform/abuse/index.js';

@Controller('api/generate-estimate-pdf')
export class EstimatesController {
  constructor(private readonly estimates: EstimatesService) {}

  /**
   * POST /api/generate-estimate-pdf (public-site.md §7): body `GenerateEstimatePdfInput`
   * (`customerInfo.email` required; `leadId` of the calculator lead just created; browser-sent
   * `estimate` figures are ignored). Enqueues the PDF job and answers 202 `{jobId, queue: 'pdf',
   * leadId}` at once; watch `jobId` over Socket.IO for queued → rendering → emailed.
   * 400 VALIDATION_FAILED with field errors; 404 NOT_FOUND (no calculator lead for that
   * email/id); 503 FEATURE_DISABLED (calculator_enabled false, decisions.md §11);
   * 503 SERVICE_UNAVAILABLE (queue unreachable).
   */
  @Public()
  @PublicWrite('estimatePdf', { challenge: true })
  @Post()
  @HttpCode(202)
  create(@Body(new ZodValidationPipe(generateEstimatePdfSchema)) body: GenerateEstimatePdf): Promise<GenerateEstimatePdfResponse> {
    return this.estimates.requestPdf(body);
  }
}
