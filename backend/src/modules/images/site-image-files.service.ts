/**
 * Serves the stored WebP variants (GET /api/site-images/{id}/{width}-{hash}.webp) from every api
 * instance: the bytes come from Postgres once and are then kept in memory (an LRU of
 * IMAGE_CACHE_MB), so a hit costs no database round trip. The URL holds the content hash, so the
 * answer never changes and is cached by browsers for a year.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { ENV, type Env } from '../../platform/config/env.js';

/** `Cache-Control` of a served variant: its URL holds its content hash, so it never changes. */
const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `{width}-{hash}.webp`, the file name of a variant URL. */
export const VARIANT_FILE = /^(\d{2,4})-([0-9a-f]{16})\.webp$/;

/** `/{imageId}/{width}-{hash}.webp` below /api/site-images. */
const FAST_PATH = new RegExp(`^/([1-9]\\d{0,9})/${VARIANT_FILE.source.slice(1)}`);

/**
 * Answers `req` with variant `file`: `Cache-Control: public, max-age=31536000, immutable` and
 * `ETag: "{hash}"`, 304 (no body) on a matching If-None-Match, else the WebP bytes. The one answer
 * of both {@link SiteImageFiles.fastPath} and the controller, so the two never differ.
 */
export function sendVariant(req: Request, res: Response, file: VariantFile): void {
  const etag = `"${file.hash}"`;
  res.setHeader('Cache-Control', VARIANT_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  res.type('image/webp').setHeader('Content-Length', String(file.content.length));
  res.end(file.content);
}

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
   * Express middleware for `/api/site-images` (mounted in create-api.ts after the security headers,
   * before compression, sessions, body parsing and Nest's router): a GET or HEAD of
   * `/{imageId}/{width}-{hash}.webp` whose variant is in the memory cache is answered here
   * ({@link sendVariant}, as the controller answers). Anything else (a variant not
   * cached yet, an outdated hash, a bad path) goes on to the controller, which reads Postgres, fills
   * the cache or answers 404. Issue 20 "Speed": serving a variant ≤ 5 ms p99.
   */
  readonly fastPath: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !this.cache) return next();
    const match = FAST_PATH.exec(req.path);
    const file = match ? this.cache.get(`${Number(match[1])}/${Number(match[2])}`) : undefined;
    if (!match || !file || file.hash !== match[3]) return next();
    sendVariant(req, res, file);
  };

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
