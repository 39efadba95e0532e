import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import {
  ErrorCode,
  type CreatePromotion,
  type EndPromotion,
  type Promotion,
  type PromotionRecordDto,
  type PromotionStatus,
  type UpdatePromotion,
} from '@ironclad/contracts';
import { ConfigurationCache, type Versioned } from '../../platform/config/configuration-cache.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SessionUser } from '../../platform/http/auth/session-user.js';
import { AuditLogService } from '../staff/index.js';
import { PromotionRecord } from './promotion.entity.js';
import { staleEdit } from './site-settings.service.js';

/** A promotion as the cache keeps it (not ended by staff). */
interface LivePromotion extends Promotion {
  id: number;
  validFrom: string | null;
}

/** The UTC day of `d`, YYYY-MM-DD. */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Where `p` stands on `today`. */
export function promotionStatus(
  p: Pick<PromotionRecord, 'isActive' | 'validFrom' | 'validUntil'>,
  today: Date = new Date(),
): PromotionStatus {
  const day = dayOf(today);
  if (!p.isActive) return 'ended';
  if (p.validFrom && day < p.validFrom) return 'scheduled';
  if (day > p.validUntil) return 'expired';
  return 'running';
}

const fromAfterUntil = () =>
  new ApiError(400, ErrorCode.ValidationFailed, 'Invalid input: validFrom', {
    fieldErrors: { validFrom: ['Valid from must not be after valid until.'] },
  });

/** The promotion fields the audit log records. */
const AUDITED = ['code', 'percent', 'validFrom', 'validUntil', 'bannerText', 'isActive'] as const;

const isUniqueViolation = (err: unknown) =>
  err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23505';

/**
 * Promotions as data (decisions.md §7): the one valid today is shown on the site and applied to
 * quotes, read from the ConfigurationCache (key `promotions`); staff list, create, edit and end
 * them (audited, version-checked). Two promotions that are not ended never overlap: a save that
 * would make them is refused.
 */
@Injectable()
export class PromotionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: ConfigurationCache,
    private readonly audit: AuditLogService,
  ) {}

  /** The promotions not ended by staff, with the configuration version they were read at. */
  private live(): Promise<Versioned<readonly LivePromotion[]>> {
    return this.cache.entry('promotions', async (m) => {
      const rows = await m.getRepository(PromotionRecord).find({ where: { isActive: true }, order: { percent: 'DESC', id: 'ASC' } });
      return rows.map((r) => ({
        id: r.id,
        code: r.code,
        percent: r.percent,
        validFrom: r.validFrom,
        validUntil: r.validUntil,
        bannerText: r.bannerText,
      }));
    });
  }

  /**
   * The promotion valid on `today` (UTC date, from its first to its last day inclusive), or null.
   * Promotions do not overlap; should stored data hold two, the largest percent wins.
   */
  async active(today: Date = new Date()): Promise<Promotion | null> {
    return (await this.activeVersioned(today)).value;
  }

  /** {@link active} with the promotions' configuration version. */
  async activeVersioned(today: Date = new Date()): Promise<Versioned<Promotion | null>> {
    const { value, version } = await this.live();
    const day = dayOf(today);
    const p = value.find((x) => (!x.validFrom || x.validFrom <= day) && day <= x.validUntil);
    return { value: p ? { code: p.code, percent: p.percent, validUntil: p.validUntil, bannerText: p.bannerText } : null, version };
  }

  /** GET /api/promotions: every promotion, newest first, with its status today. */
  async list(): Promise<PromotionRecordDto[]> {
    const rows = await this.dataSource.getRepository(PromotionRecord).find({ order: { id: 'DESC' } });
    return rows.map((r) => toPromotionDto(r));
  }

  /**
   * POST /api/promotions: a new promotion. Audited as `promotion.created`.
   * @throws ApiError 409 CONFLICT when its code is taken or its dates overlap a promotion that is
   *   not ended.
   */
  async create(body: CreatePromotion, user: SessionUser | undefined): Promise<PromotionRecordDto> {
    return this.write(user, async (m) => {
      const repo = m.getRepository(PromotionRecord);
      // no first day given: it starts today
      const validFrom = body.validFrom ?? dayOf(new Date());
      if (validFrom > body.validUntil) throw fromAfterUntil();
      await this.assertNoOverlap(m, null, validFrom, body.validUntil);
      const saved = await repo.save(repo.create({ ...body, validFrom, isActive: true }));
      return { saved, action: 'promotion.created', details: { to: pick(saved) } };
    });
  }

  /**
   * PATCH /api/promotions/{id}: changes the given fields. Audited as `promotion.updated` with the
   * old and new values.
   * @throws ApiError 404; 409 CONFLICT for a stale `version`, a taken code or overlapping dates;
   *   400 VALIDATION_FAILED when the result would end before it starts.
   */
  async update(id: number, body: UpdatePromotion, user: SessionUser | undefined): Promise<PromotionRecordDto> {
    return this.write(user, async (m) => {
      const repo = m.getRepository(PromotionRecord);
      const row = await this.locked(m, id, body.version);
      const { version: _version, ...fields } = body;
      const next = { ...pick(row), ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) };
      // a promotion without a first day has run since it was created
      const from = next.validFrom ?? dayOf(row.createdAt);
      if (from > next.validUntil) throw fromAfterUntil();
      if (row.isActive) await this.assertNoOverlap(m, id, from, next.validUntil);
      await repo.update({ id }, { ...fields, version: row.version + 1 });
      const saved = await repo.findOneByOrFail({ id });
      return { saved, action: 'promotion.updated', details: { from: pick(row), to: pick(saved) } };
    });
  }

  /**
   * POST /api/promotions/{id}/end: ends a promotion now (it is no longer shown or applied; the
   * record stays). Audited as `promotion.ended`.
   * @throws ApiError 404; 409 CONFLICT for a stale `version`.
   */
  async end(id: number, body: EndPromotion, user: SessionUser | undefined): Promise<PromotionRecordDto> {
    return this.write(user, async (m) => {
      const repo = m.getRepository(PromotionRecord);
      const row = await this.locked(m, id, body.version);
      await repo.update({ id }, { isActive: false, version: row.version + 1 });
      const saved = await repo.findOneByOrFail({ id });
      return { saved, action: 'promotion.ended', details: { from: pick(row), to: pick(saved) } };
    });
  }

  /** The row `id`, locked for the transaction, at the `version` the client edited (when it sent one). */
  private async locked(m: EntityManager, id: number, version: number | undefined): Promise<PromotionRecord> {
    const row = await m.getRepository(PromotionRecord).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new ApiError(404, ErrorCode.NotFound, `Promotion ${id} not found`);
    if (version !== undefined && version !== row.version) throw staleEdit('promotion', row.updatedAt);
    return row;
  }

  /**
   * Refuses dates that overlap a promotion not ended (other than `id`). Promotion writes are
   * serialised by a transaction-scoped advisory lock, so two concurrent saves cannot both pass.
   */
  private async assertNoOverlap(m: EntityManager, id: number | null, validFrom: string, validUntil: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('promotions'))`);
    const qb = m
      .getRepository(PromotionRecord)
      .createQueryBuilder('p')
      .where('p.isActive = true')
      // a promotion without a first day has run since it was created
      .andWhere(`COALESCE(p.validFrom, CAST(p.createdAt AS date)) <= :until`, { until: validUntil })
      .andWhere(`p.validUntil >= :from`, { from: validFrom })
      .orderBy('p.id', 'ASC');
    if (id !== null) qb.andWhere('p.id <> :id', { id });
    const other = await qb.getOne();
    if (other) {
      throw new ApiError(
        409,
        ErrorCode.Conflict,
        `These dates overlap promotion ${other.code} (${other.validFrom ?? dayOf(other.createdAt)} to ${other.validUntil}). End it or change its dates first: only one promotion runs at a time.`,
      );
    }
  }

  /** Runs a promotion write, audits it, and tells every process after the commit. */
  private async write(
    user: SessionUser | undefined,
    fn: (m: EntityManager) => Promise<{ saved: PromotionRecord; action: string; details: Record<string, unknown> }>,
  ): Promise<PromotionRecordDto> {
    let out: { saved: PromotionRecord; version: number };
    try {
      out = await this.dataSource.transaction(async (m) => {
        const { saved, action, details } = await fn(m);
        const version = await this.cache.versionIn(m, 'promotions');
        await this.audit.record(m, user, action, 'promotion', saved.id, { code: saved.code, ...details, configurationVersion: version });
        return { saved, version };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, ErrorCode.Conflict, 'That promotion code is already used by another promotion.');
      throw err;
    }
    await this.cache.changed('promotions', out.version);
    return toPromotionDto(out.saved);
  }
}

/** The audited fields of a promotion. */
function pick(r: PromotionRecord) {
  return Object.fromEntries(AUDITED.map((k) => [k, r[k]])) as Pick<PromotionRecord, (typeof AUDITED)[number]>;
}

/** Entity → the staff's API shape. */
export function toPromotionDto(r: PromotionRecord, today: Date = new Date()): PromotionRecordDto {
  return {
    id: r.id,
    code: r.code,
    percent: r.percent,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
    bannerText: r.bannerText,
    isActive: r.isActive,
    status: promotionStatus(r, today),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
