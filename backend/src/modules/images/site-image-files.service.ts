/**
 * Serves the stored WebP variants (GET /api/site-images/{id}/{width}-{hash}.webp) from every api
 * instance: the bytes come from Postgres once and are then kept in memory (an LRU of
 * IMAGE_CACHE_MB), so a hit costs no database round trip. The URL holds the content hash, so the
 * answer never changes and is cached by browsers for a year.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import { ENV, type Env } from '../../platform/config/env.js';

/** `Cache-Control` of a served variant: its URL holds its content hash, so it never changes. */
const VARIANT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** `{width}-{hash}.webp`, the file name of a variant URL. */
export const VARIANT_FILE = /^(\d{2,4})-([0-9a-f]{16})\.webp$/;

/** `/api/site-images/{imageId}/{width}-{hash}.webp`, the path of a variant URL. */
const VARIANT_PATH = new RegExp(`^/api/site-images/([1-9]\\d{0,9})/${VARIANT_FILE.source.slice(1)}`);

/** The route label of a served variant in the request metrics: the controller's route pattern. */
export const VARIANT_ROUTE = '/api/site-images/:imageId/:file';

/**
 * Answers `req` with variant `file`, the one answer of SiteImagesController and of the early answer
 * before Express (create-api.ts), so the two never differ: `headers` (on the bare server, the
 * security headers and request id the Express handlers would have set; through Express, none, as
 * they are set already) plus `Cache-Control: public, max-age=31536000, immutable` and
 * `ETag: "{hash}"`; 304 (no body) on a matching If-None-Match, else 200 with Content-Type,
 * Content-Length and the WebP bytes (none for HEAD: Node leaves the body out). Returns the status.
 */
export function writeVariant(req: IncomingMessage, res: ServerResponse, file: VariantFile, headers: Record<string, string>): 200 | 304 {
  const etag = `"${file.hash}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { ...headers, 'Cache-Control': VARIANT_CACHE_CONTROL, ETag: etag });
    res.end();
    return 304;
  }
  res.writeHead(200, {
    ...headers,
    'Cache-Control': VARIANT_CACHE_CONTROL,
    ETag: etag,
    'Content-Type': 'image/webp',
    'Content-Length': String(file.content.length),
  });
  res.end(file.content);
  return 200;
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
   * The variant a GET or HEAD of `/api/site-images/{imageId}/{width}-{hash}.webp` asks for, when it
   * is in the memory cache with that hash; null for anything else (another method or path, a
   * variant not cached yet, an outdated hash), which the controller answers after reading Postgres.
   * Lets the api answer a cached variant on the bare http request, before Express (create-api.ts,
   * issue 20 "Speed": serving a variant ≤ 5 ms p99).
   */
  cachedVariant(req: IncomingMessage): VariantFile | null {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !this.cache || !req.url) return null;
    const query = req.url.indexOf('?');
    const match = VARIANT_PATH.exec(query < 0 ? req.url : req.url.slice(0, query));
    const file = match ? this.cache.get(`${Number(match[1])}/${Number(match[2])}`) : undefined;
    return match && file && file.hash === match[3] ? file : null;
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
