import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { leadDocumentDownloadPath, type LeadDocument, type LeadDocumentKind } from '@ironclad/contracts';
import { LeadsService } from '../leads/index.js';
import { LeadDocumentRecord } from './lead-document.entity.js';

/** A stored document without its bytes (for lists). */
export type LeadDocumentInfo = Omit<LeadDocumentRecord, 'content' | 'lead'>;

/** A stored document as the staff API returns it (whole dollars, ISO date, download path). */
export function toLeadDocument(d: LeadDocumentInfo): LeadDocument {
  return {
    id: d.id,
    leadId: d.leadId,
    kind: d.kind,
    filename: d.filename,
    contentType: d.contentType,
    byteSize: d.byteSize,
    total: Math.round(d.totalCents / 100),
    createdAt: d.createdAt.toISOString(),
    downloadUrl: leadDocumentDownloadPath(d.leadId, d.id),
  };
}

/** Documents kept for leads: the PDF estimates (staff-side.md §2 lead view). */
@Injectable()
export class LeadDocumentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly leads: LeadsService,
  ) {}

  /**
   * Stores a document once per `requestId` (the job id): a retried job gets the document its
   * earlier attempt stored. @returns the stored document's info.
   */
  async saveOnce(doc: {
    leadId: number;
    kind: LeadDocumentKind;
    requestId: string;
    filename: string;
    contentType: string;
    totalCents: number;
    content: Buffer;
  }): Promise<LeadDocumentInfo> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(LeadDocumentRecord)
      .values({ ...doc, byteSize: doc.content.length })
      .orIgnore()
      .execute();
    return this.dataSource.getRepository(LeadDocumentRecord).findOneByOrFail({ requestId: doc.requestId });
  }

  /** The document a job stored, or null. */
  findByRequest(requestId: string): Promise<LeadDocumentInfo | null> {
    return this.dataSource.getRepository(LeadDocumentRecord).findOneBy({ requestId });
  }

  /**
   * The documents of a lead, newest first, without their bytes (staff lead view).
   * @returns null when the lead does not exist.
   */
  async listForLead(leadId: number): Promise<LeadDocumentInfo[] | null> {
    const [exists, documents] = await Promise.all([
      this.leads.exists(leadId),
      this.dataSource.getRepository(LeadDocumentRecord).find({ where: { leadId }, order: { createdAt: 'DESC', id: 'DESC' } }),
    ]);
    return exists ? documents : null;
  }

  /**
   * One document of a lead with its bytes, for the staff download endpoint
   * (GET /api/leads/:id/documents/:documentId/pdf).
   * @returns null when the document does not exist or belongs to another lead.
   */
  async getWithContent(leadId: number, documentId: number): Promise<LeadDocumentRecord | null> {
    return this.dataSource
      .getRepository(LeadDocumentRecord)
      .createQueryBuilder('d')
      .addSelect('d.content')
      .where('d.id = :documentId AND d.leadId = :leadId', { documentId, leadId })
      .getOne();
  }
}
