import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SiteDocumentRecord } from './site-document.entity.js';

/** A stored site document with its bytes. */
export type StoredSiteDocument = Pick<SiteDocumentRecord, 'id' | 'key' | 'filename' | 'contentType' | 'content'>;

/**
 * Files the site sends to many visitors (the free checklist PDF), rendered once per content and
 * kept in `site_documents`.
 */
@Injectable()
export class SiteDocumentsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The document of `name` whose source is `source` (the HTML it is printed from): stored under
   * `{name}:{sha256 of source}`, so unchanged content is found and never rendered again, and
   * changed content (new company facts) is rendered once. `render` produces the bytes when
   * needed; two workers rendering at once store one (the key is unique).
   */
  async getOrRender(
    name: string,
    source: string,
    file: { filename: string; contentType: string },
    render: () => Promise<Buffer>,
  ): Promise<StoredSiteDocument> {
    const key = `${name}:${createHash('sha256').update(source).digest('hex').slice(0, 32)}`;
    const found = await this.find(key);
    if (found) return found;
    const content = await render();
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(SiteDocumentRecord)
      .values({ key, ...file, byteSize: content.length, content })
      .orIgnore()
      .execute();
    const stored = await this.find(key);
    if (!stored) throw new Error(`site document ${key} was not stored`);
    return stored;
  }

  private find(key: string): Promise<StoredSiteDocument | null> {
    return this.dataSource
      .getRepository(SiteDocumentRecord)
      .createQueryBuilder('d')
      .select(['d.id', 'd.key', 'd.filename', 'd.contentType'])
      .addSelect('d.content')
      .where('d.key = :key', { key })
      .getOne();
  }
}
