import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ErrorCode, type LeadDocumentListResponse } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { LeadDocumentsService, toLeadDocument } from './lead-documents.service.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';

/** A file name safe inside a quoted Content-Disposition parameter (stored names are `EST-<lead>-<hex>.pdf`). */
const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'document.pdf';

/**
 * The documents stored for a lead. Staff only (global StaffGuard): 401 without a session, 403 for a non-admin.
 */
@Controller('api/leads/:id/documents')
export class LeadDocumentsController {
  constructor(private readonly documents: LeadDocumentsService) {}

  /**
   * GET /api/leads/{id}/documents — `{documents: LeadDocument[]}`, newest first, without bytes
   * (total in whole dollars, `downloadUrl` of each). 404 NOT_FOUND when the lead does not exist.
   */
  @Get()
  @Header('Cache-Control', 'no-store')
  async list(@Param('id', IdParamPipe) id: number): Promise<LeadDocumentListResponse> {
    const documents = await this.documents.listForLead(id);
    if (!documents) throw new ApiError(404, ErrorCode.NotFound, `Lead ${id} not found`);
    return { documents: documents.map(toLeadDocument) };
  }

  /**
   * GET /api/leads/{id}/documents/{documentId}/pdf — the stored bytes, `Content-Type` as stored
   * (application/pdf), `Content-Disposition: attachment; filename="EST-<lead>-<ref>.pdf"`, not
   * cached. 404 NOT_FOUND when the document does not exist or belongs to another lead.
   */
  @Get(':documentId/pdf')
  @Header('Cache-Control', 'private, no-store')
  async download(@Param('id', IdParamPipe) id: number, @Param('documentId', IdParamPipe) documentId: number): Promise<StreamableFile> {
    const doc = await this.documents.getWithContent(id, documentId);
    if (!doc) throw new ApiError(404, ErrorCode.NotFound, `Document ${documentId} of lead ${id} not found`);
    return new StreamableFile(doc.content, {
      type: doc.contentType,
      length: doc.content.length,
      disposition: `attachment; filename="${safeFilename(doc.filename)}"`,
    });
  }
}
