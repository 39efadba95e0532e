/**
 * The images feature's tables (image_runs, generated_images, generated_image_variants,
 * site_images), shared by the api and the worker: runs are created by the api, images are claimed
 * and completed by the worker, and every change is published to the staff room as the run's
 * snapshot (`image:run`), so open generator pages follow it live and a reload reads the same
 * state back from Postgres.
 */
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  FINAL_IMAGE_STATUSES,
  ServerEvent,
  siteImageVariantPath,
  type ImageApplied,
  type ImageRun,
  type ImageRunKind,
  type ImageStatus,
  type ImageVersion,
  type ImagesGenerated,
  type SiteImage,
  type SiteImageKey,
  type StabilityAspectRatio,
  type StabilityModel,
} from '@ironclad/contracts';
import { ConfigurationCache } from '../../platform/config/configuration-cache.js';
import { returningRows } from '../../platform/database/returning-rows.js';
import { LiveEvents } from '../../platform/realtime/live-events.js';
import { ActiveImageRecord } from './active-image.entity.js';
import { GeneratedImageRecord } from './generated-image.entity.js';
import { ImageRunRecord } from './image-run.entity.js';
import { ImageVariantRecord } from './image-variant.entity.js';
import type { ImageVariant } from './image-variants.js';

/** Who asked (a staff user), or null for the system. */
export interface ImageActor {
  id: string;
  email: string;
}

/** One image of a new run. */
export interface NewImage {
  key: SiteImageKey | null;
  prompt: string;
  negativePrompt: string | null;
  aspectRatio: StabilityAspectRatio;
  requestedSeed: number;
}

/** What {@link ImageStore.claim} found. */
export type ClaimOutcome =
  | { kind: 'claimed'; image: GeneratedImageRecord }
  | { kind: 'final'; status: ImageStatus }
  | { kind: 'busy'; until: number }
  | { kind: 'missing' };

/** Variant metadata (no bytes) of the listed images. */
interface VariantRow {
  image_id: number;
  width: number;
  height: number;
  hash: string;
}

/** Builds the `SiteImage` (srcset) of an image from its variants, widest last. */
export function siteImageOf(imageId: number, variants: readonly Pick<VariantRow, 'width' | 'height' | 'hash'>[]): SiteImage | null {
  if (variants.length === 0) return null;
  const sorted = [...variants].sort((a, b) => a.width - b.width);
  const widest = sorted[sorted.length - 1]!;
  // A browser without srcset gets a middle width: sharp enough on a laptop, not a phone's burden.
  const fallback = sorted.find((v) => v.width >= 1280) ?? widest;
  return {
    src: siteImageVariantPath(imageId, fallback.width, fallback.hash),
    srcSet: sorted.map((v) => `${siteImageVariantPath(imageId, v.width, v.hash)} ${v.width}w`).join(', '),
    width: widest.width,
    height: widest.height,
  };
}

@Injectable()
export class ImageStore {
  private readonly logger = new Logger(ImageStore.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly live: LiveEvents,
    private readonly configuration: ConfigurationCache,
  ) {}

  /** Creates a run and its images (status `waiting`) in `manager`'s transaction. */
  async createRun(
    manager: EntityManager,
    run: { kind: ImageRunKind; model: StabilityModel; actor: ImageActor | null; images: NewImage[] },
  ): Promise<{ runId: number; imageIds: number[] }> {
    const inserted = await manager.insert(ImageRunRecord, {
      kind: run.kind,
      model: run.model,
      total: run.images.length,
      createdById: run.actor?.id ?? null,
      createdByEmail: run.actor?.email ?? null,
    });
    const runId = (inserted.identifiers[0] as { id: number }).id;
    const images = await manager.insert(
      GeneratedImageRecord,
      run.images.map((i) => ({
        runId,
        imageKey: i.key,
        prompt: i.prompt,
        negativePrompt: i.negativePrompt,
        model: run.model,
        aspectRatio: i.aspectRatio,
        requestedSeed: i.requestedSeed,
        progress: 'Waiting in the queue',
        createdById: run.actor?.id ?? null,
        createdByEmail: run.actor?.email ?? null,
      })),
    );
    return { runId, imageIds: images.identifiers.map((i) => (i as { id: number }).id) };
  }

  // --- reading -----------------------------------------------------------------------------

  /** One run with its images, or null. */
  async run(runId: number): Promise<ImageRun | null> {
    const run = await this.dataSource.getRepository(ImageRunRecord).findOneBy({ id: runId });
    return run ? this.snapshot(run) : null;
  }

  /** The running run (the newest if several), else the newest run; null when none ever ran. */
  async currentRun(): Promise<ImageRun | null> {
    const repo = this.dataSource.getRepository(ImageRunRecord);
    const run =
      (await repo.findOne({ where: { status: 'running' }, order: { id: 'DESC' } })) ??
      (await repo.findOne({ where: {}, order: { id: 'DESC' } }));
    return run ? this.snapshot(run) : null;
  }

  /** Every image of `key`, newest first (at most 50). */
  async versionsOf(key: SiteImageKey): Promise<ImageVersion[]> {
    const rows = await this.dataSource
      .getRepository(GeneratedImageRecord)
      .find({ where: { imageKey: key }, order: { id: 'DESC' }, take: 50 });
    return this.versions(rows);
  }

  /** One image as a version, or null. */
  async version(imageId: number): Promise<ImageVersion | null> {
    const row = await this.dataSource.getRepository(GeneratedImageRecord).findOneBy({ id: imageId });
    return row ? ((await this.versions([row]))[0] ?? null) : null;
  }

  /** The active image of every key that has one, as versions. */
  async activeVersions(): Promise<Map<SiteImageKey, ImageVersion>> {
    const active = await this.dataSource.getRepository(ActiveImageRecord).find();
    if (active.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(GeneratedImageRecord)
      .createQueryBuilder('g')
      .where('g.id IN (:...ids)', { ids: active.map((a) => a.imageId) })
      .getMany();
    const versions = await this.versions(rows);
    return new Map(versions.filter((v) => v.key).map((v) => [v.key!, v]));
  }

  /** Generated images per key (how many versions each has). */
  async versionCounts(): Promise<Map<SiteImageKey, number>> {
    const rows: { image_key: SiteImageKey; n: string }[] = await this.dataSource.query(
      `SELECT image_key, count(*) AS n FROM generated_images WHERE image_key IS NOT NULL AND status = 'done' GROUP BY image_key`,
    );
    return new Map(rows.map((r) => [r.image_key, Number(r.n)]));
  }

  /**
   * The image each key shows on the site, as pages use it (one query; for the public config of
   * every served page).
   */
  async activeSiteImages(): Promise<Partial<Record<SiteImageKey, SiteImage>>> {
    return this.configuration.get('site_images', async (manager) => {
      const rows: (VariantRow & { image_key: SiteImageKey })[] = await manager.query(
        `SELECT s.image_key, v.image_id, v.width, v.height, v.hash
           FROM site_images s JOIN generated_image_variants v ON v.image_id = s.image_id
          ORDER BY s.image_key, v.width`,
      );
      const byKey = new Map<SiteImageKey, VariantRow[]>();
      for (const r of rows) byKey.set(r.image_key, [...(byKey.get(r.image_key) ?? []), r]);
      const out: Partial<Record<SiteImageKey, SiteImage>> = {};
      for (const [key, variants] of byKey) {
        const image = siteImageOf(variants[0]!.image_id, variants);
        if (image) out[key] = image;
      }
      return out;
    });
  }

  /** Images still to be generated in running runs (their credits are promised). */
  async pendingImages(): Promise<number> {
    const [row]: { n: string }[] = await this.dataSource.query(
      `SELECT count(*) AS n FROM generated_images g JOIN image_runs r ON r.id = g.run_id
        WHERE r.status = 'running' AND g.status IN ('waiting', 'generating')`,
    );
    return Number(row?.n ?? 0);
  }

  // --- the worker's side -------------------------------------------------------------------

  /**
   * Takes image `imageId` for generation: `waiting` → `generating` while its run is running, or a
   * `generating` image whose lease (`leaseMs` since its claim) has passed (its worker died).
   * A waiting image of a cancelled run becomes `cancelled`.
   */
  async claim(imageId: number, leaseMs: number): Promise<ClaimOutcome> {
    const claimed: GeneratedImageRecord[] = await this.dataSource
      .createQueryBuilder()
      .update(GeneratedImageRecord)
      .set({ status: 'generating', claimedAt: () => 'now()', progress: 'Generating with Stability AI', error: null })
      .where('id = :id', { id: imageId })
      .andWhere(`run_id IN (SELECT id FROM image_runs WHERE status = 'running')`)
      .andWhere(`(status = 'waiting' OR (status = 'generating' AND claimed_at < now() - make_interval(secs => :lease)))`, {
        lease: leaseMs / 1000,
      })
      .returning('*')
      .execute()
      .then((r) =>
        (r.raw as Record<string, unknown>[]).map((row) => this.dataSource.getRepository(GeneratedImageRecord).create(toEntity(row))),
      );
    if (claimed[0]) return { kind: 'claimed', image: claimed[0] };
    const row = await this.dataSource.getRepository(GeneratedImageRecord).findOne({ where: { id: imageId }, relations: { run: true } });
    if (!row) return { kind: 'missing' };
    if (FINAL_IMAGE_STATUSES.includes(row.status)) return { kind: 'final', status: row.status };
    if (row.run?.status !== 'running') {
      await this.settle(imageId, 'cancelled', { progress: null, error: 'The run was cancelled before this image started' });
      return { kind: 'final', status: 'cancelled' };
    }
    return { kind: 'busy', until: (row.claimedAt?.getTime() ?? Date.now()) + leaseMs };
  }

  /** Counts one Stability call made for the image. */
  async countCall(imageId: number): Promise<void> {
    await this.dataSource.query(`UPDATE generated_images SET calls = calls + 1 WHERE id = $1`, [imageId]);
  }

  /**
   * Gives a claimed image back to the queue (a retry follows) with a progress note; `rateLimited`
   * counts a 429; `uncall` takes back a call counted by {@link countCall} that Stability's circuit
   * breaker refused (nothing reached Stability).
   */
  async release(imageId: number, progress: string, opts: { rateLimited?: boolean; uncall?: boolean } = {}): Promise<number> {
    const rows = returningRows<{ rate_limited: number }>(
      await this.dataSource.query(
        `UPDATE generated_images SET status = 'waiting', claimed_at = NULL, progress = $2, rate_limited = rate_limited + $3,
                calls = GREATEST(0, calls - $4)
          WHERE id = $1 AND status = 'generating' RETURNING rate_limited`,
        [imageId, progress, opts.rateLimited ? 1 : 0, opts.uncall ? 1 : 0],
      ),
    );
    return rows[0]?.rate_limited ?? 0;
  }

  /**
   * Notes on a `waiting` image why it waits (e.g. Stability's circuit breaker is open), only when
   * the note changes. @returns the image's run id when the note was written (to publish), else null.
   */
  async noteWaiting(imageId: number, progress: string): Promise<number | null> {
    const rows = returningRows<{ run_id: number }>(
      await this.dataSource.query(
        `UPDATE generated_images SET progress = $2 WHERE id = $1 AND status = 'waiting' AND progress IS DISTINCT FROM $2 RETURNING run_id`,
        [imageId, progress],
      ),
    );
    return rows[0]?.run_id ?? null;
  }

  /** Ends a claimed or waiting image as failed, blocked or cancelled (never one already final). */
  async settle(
    imageId: number,
    status: Exclude<ImageStatus, 'waiting' | 'generating' | 'done'>,
    fields: { error?: string | null; progress?: string | null; seed?: number | null; finishReason?: string | null },
  ): Promise<boolean> {
    const res = await this.dataSource
      .createQueryBuilder()
      .update(GeneratedImageRecord)
      .set({
        status,
        completedAt: () => 'now()',
        claimedAt: null,
        progress: fields.progress ?? null,
        error: fields.error ?? null,
        ...('seed' in fields ? { seed: fields.seed } : {}),
        ...('finishReason' in fields ? { finishReason: fields.finishReason } : {}),
      })
      .where('id = :id', { id: imageId })
      .andWhere(`status IN ('waiting', 'generating')`)
      .execute();
    return (res.affected ?? 0) > 0;
  }

  /**
   * Stores a generated image once: bytes, seed, finish reason, size and variants, and makes it
   * the active image of its key, in one transaction; only while the image is still `generating`
   * (a duplicate run of the job stores nothing). Returns false when it was not stored.
   */
  async complete(
    imageId: number,
    result: { content: Buffer; seed: number | null; finishReason: string; width: number; height: number; variants: ImageVariant[] },
  ): Promise<{ stored: boolean; key: SiteImageKey | null }> {
    return this.dataSource.transaction(async (m) => {
      const rows = returningRows<{ id: number; image_key: SiteImageKey | null; created_by_email: string | null }>(
        await m.query(
          `UPDATE generated_images SET status = 'done', content = $2, seed = $3, finish_reason = $4, width = $5, height = $6,
                  byte_size = $7, completed_at = now(), claimed_at = NULL, progress = NULL, error = NULL
            WHERE id = $1 AND status = 'generating' RETURNING id, image_key, created_by_email`,
          [imageId, result.content, result.seed, result.finishReason, result.width, result.height, result.content.length],
        ),
      );
      const row = rows[0];
      if (!row) return { stored: false, key: null };
      await m.insert(
        ImageVariantRecord,
        result.variants.map((v) => ({
          imageId,
          width: v.width,
          height: v.height,
          hash: v.hash,
          byteSize: v.content.length,
          content: v.content,
        })),
      );
      if (row.image_key) await this.makeActive(m, row.image_key, imageId, row.created_by_email);
      return { stored: true, key: row.image_key };
    });
  }

  /** Makes image `imageId` the active image of `key` (staff-side.md §4 "Applied to Website"). */
  async makeActive(manager: EntityManager, key: SiteImageKey, imageId: number, byEmail: string | null): Promise<void> {
    await manager.query(
      `INSERT INTO site_images (image_key, image_id, applied_by_email, applied_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (image_key) DO UPDATE SET image_id = EXCLUDED.image_id, applied_by_email = EXCLUDED.applied_by_email, applied_at = now()`,
      [key, imageId, byEmail],
    );
  }

  /**
   * Keeps the bytes Stability answered with while the image is still `generating`, before the
   * variants are made: a worker that dies after this point leaves them for the next attempt, which
   * makes the variants from them instead of asking (and paying) Stability again. Progress becomes
   * `progress`. Returns false when the image is no longer this attempt's (cancelled, or settled).
   */
  async receive(
    imageId: number,
    result: { content: Buffer; seed: number | null; finishReason: string },
    progress: string,
  ): Promise<boolean> {
    const rows = returningRows<{ id: number }>(
      await this.dataSource.query(
        `UPDATE generated_images SET content = $2, seed = $3, finish_reason = $4, progress = $5
          WHERE id = $1 AND status = 'generating' RETURNING id`,
        [imageId, result.content, result.seed, result.finishReason, progress],
      ),
    );
    return rows.length > 0;
  }

  /** Notes what a waiting or generating image is doing (shown live). */
  async note(imageId: number, progress: string): Promise<void> {
    await this.dataSource.query(`UPDATE generated_images SET progress = $2 WHERE id = $1 AND status IN ('waiting', 'generating')`, [
      imageId,
      progress,
    ]);
  }

  /**
   * Closes run `runId` once (its ImageRun job): a running run becomes `completed`; a cancelled one
   * gets its end time. Images left waiting (their job was lost) are failed. Returns the summary
   * to broadcast, or null when the run was already closed (a replay).
   */
  async closeRun(runId: number): Promise<ImagesGenerated | null> {
    return this.dataSource.transaction(async (m) => {
      const runs = returningRows<{ status: string }>(
        await m.query(
          `UPDATE image_runs SET status = CASE WHEN status = 'running' THEN 'completed' ELSE status END, finished_at = now()
            WHERE id = $1 AND finished_at IS NULL RETURNING status`,
          [runId],
        ),
      );
      if (!runs[0]) return null;
      await m.query(
        `UPDATE generated_images SET status = CASE WHEN $2 THEN 'cancelled' ELSE 'failed' END, completed_at = now(), progress = NULL,
                error = CASE WHEN $2 THEN 'The run was cancelled before this image started' ELSE 'Its job was lost before it ran' END
          WHERE run_id = $1 AND status IN ('waiting', 'generating')`,
        [runId, runs[0].status === 'cancelled'],
      );
      const images: { image_key: SiteImageKey | null; status: ImageStatus }[] = await m.query(
        `SELECT image_key, status FROM generated_images WHERE run_id = $1`,
        [runId],
      );
      const done = images.filter((i) => i.status === 'done');
      return {
        runId,
        count: done.length,
        keys: done.map((i) => i.image_key).filter((k): k is SiteImageKey => k !== null),
        skipped: images.filter((i) => i.status === 'failed' || i.status === 'blocked').length,
        cancelled: runs[0].status === 'cancelled',
        at: Date.now(),
      };
    });
  }

  /**
   * Cancels a running run: it stops at once for the page, its waiting images become `cancelled`
   * (their jobs end without calling Stability), an image being generated finishes. False when
   * the run is not running.
   */
  async cancelRun(runId: number): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const runs = returningRows(
        await m.query(`UPDATE image_runs SET status = 'cancelled' WHERE id = $1 AND status = 'running' RETURNING id`, [runId]),
      );
      if (runs.length === 0) return false;
      await m.query(
        `UPDATE generated_images SET status = 'cancelled', completed_at = now(), progress = NULL, error = 'Cancelled by staff'
          WHERE run_id = $1 AND status = 'waiting'`,
        [runId],
      );
      return true;
    });
  }

  // --- live --------------------------------------------------------------------------------

  /** Publishes the run's snapshot to the staff room (`image:run`). Never throws. */
  async publishRun(runId: number): Promise<void> {
    try {
      const run = await this.run(runId);
      if (run) this.live.toStaff(ServerEvent.ImageRun, run);
    } catch (err) {
      this.logger.warn(`could not publish image run #${runId}: ${(err as Error).message}`);
    }
  }

  /** Tells staff pages that `key` shows another image. */
  publishApplied(key: SiteImageKey, imageId: number | null): void {
    const payload: ImageApplied = { key, imageId, at: Date.now() };
    // every process serves the new image from its next page (the version poll is the safety net)
    void this.configuration.changed('site_images');
    this.live.toStaff(ServerEvent.ImageApplied, payload);
  }

  /** Broadcasts `images:generated` (staff-side.md §4). */
  publishGenerated(summary: ImagesGenerated): void {
    this.live.toStaff(ServerEvent.ImagesGenerated, summary);
  }

  // --- mapping -----------------------------------------------------------------------------

  private async snapshot(run: ImageRunRecord): Promise<ImageRun> {
    const rows = await this.dataSource.getRepository(GeneratedImageRecord).find({ where: { runId: run.id }, order: { id: 'ASC' } });
    const items = await this.versions(rows);
    const count = (s: ImageStatus) => items.filter((i) => i.status === s).length;
    return {
      id: run.id,
      kind: run.kind,
      status: run.status,
      model: run.model,
      total: run.total,
      done: count('done'),
      failed: count('failed'),
      blocked: count('blocked'),
      cancelled: count('cancelled'),
      createdBy: run.createdByEmail,
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      items,
    };
  }

  private async versions(rows: GeneratedImageRecord[]): Promise<ImageVersion[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [variants, active]: [VariantRow[], { image_id: number }[]] = await Promise.all([
      this.dataSource.query(`SELECT image_id, width, height, hash FROM generated_image_variants WHERE image_id = ANY($1) ORDER BY width`, [
        ids,
      ]),
      this.dataSource.query(`SELECT image_id FROM site_images WHERE image_id = ANY($1)`, [ids]),
    ]);
    const activeIds = new Set(active.map((a) => a.image_id));
    return rows.map((r) => ({
      id: r.id,
      runId: r.runId,
      key: r.imageKey,
      status: r.status,
      prompt: r.prompt,
      negativePrompt: r.negativePrompt,
      model: r.model,
      aspectRatio: r.aspectRatio,
      seed: r.seed,
      finishReason: r.finishReason,
      error: r.error,
      progress: r.progress,
      width: r.width,
      height: r.height,
      byteSize: r.byteSize,
      createdBy: r.createdByEmail,
      createdAt: r.createdAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      applied: activeIds.has(r.id),
      image: siteImageOf(
        r.id,
        variants.filter((v) => v.image_id === r.id),
      ),
    }));
  }
}

/** A RETURNING row (snake_case) as entity fields. */
function toEntity(row: Record<string, unknown>): Partial<GeneratedImageRecord> {
  return {
    id: row.id as number,
    runId: row.run_id as number,
    imageKey: row.image_key as SiteImageKey | null,
    status: row.status as ImageStatus,
    prompt: row.prompt as string,
    negativePrompt: row.negative_prompt as string | null,
    model: row.model as StabilityModel,
    aspectRatio: row.aspect_ratio as StabilityAspectRatio,
    requestedSeed: Number(row.requested_seed),
    seed: row.seed === null ? null : Number(row.seed),
    finishReason: (row.finish_reason as string | null) ?? null,
    content: (row.content as Buffer | null) ?? null,
    calls: row.calls as number,
    rateLimited: row.rate_limited as number,
    createdByEmail: row.created_by_email as string | null,
  };
}
