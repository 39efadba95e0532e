/**
 * Serves the stored WebP variants (GET /api/site-images/{id}/{width}-{hash}.webp) from every api
 * instance: the bytes come from Postgres once and are then kept in memory (an LRU of
 * IMAGE_CACHE_MB), so a hit costs no database round trip. The URL holds the content hash, so the
 * answer never changes and is cached by browsers for a year.
 */
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { ENV, type Env } from '../../platform/config/env.js';

/** One variant as served. */
export interface VariantFile {
  hash: string;
  content: Buffer;
}

@Injectable()
export class SiteImageFiles {
  private readonly cache: LRUCache<string, VariantFile> | null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ENV) env: Env,
  ) {
    const maxSize = env.IMAGE_CACHE_MB * 1024 * 1024;
    this.cache = maxSize > 0 ? new LRUCache<string, VariantFile>({ maxSize, sizeCalculation: (v) => v.content.length + 64 }) : null;
  }

  /**
   * The variant `width` of image `imageId` when its content hash is `hash`; null for an unknown
   * variant or another hash (an outdated or forged URL).
   */
  async get(imageId: number, width: number, hash: string): Promise<VariantFile | null> {
    const key = `${imageId}/${width}`;
    let file = this.cache?.get(key);
    if (!file) {
      const rows: { hash: string; content: Buffer }[] = await this.dataSource.query(
        `SELECT hash, content FROM generated_image_variants WHERE image_id = $1 AND width = $2`,
        [imageId, width],
      );
      if (!rows[0]) return null;
      file = { hash: rows[0].hash, content: rows[0].content };
      this.cache?.set(key, file);
    }
    return file.hash === hash ? file : null;
  }
}
