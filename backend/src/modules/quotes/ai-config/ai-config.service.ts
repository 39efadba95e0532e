import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { z } from 'zod';
import {
  AI_CONFIG_CATEGORY_OF_KEY,
  AI_CONFIG_EDIT_SCHEMAS,
  AI_CONFIG_KEYS,
  ErrorCode,
  PREVIEW_RECENT_QUOTES,
  type AiConfigKey,
  type AiConfigListResponse,
  type AiConfigPreview,
  type AiConfigPreviewResponse,
  type AiConfigRecordDto,
  type AiConfigSaveResponse,
  type BuildingInfo,
  type CreateAiConfig,
  type CreateLead,
  type UpdateAiConfig,
} from '@ironclad/contracts';
import { ConfigurationCache } from '../../../platform/config/configuration-cache.js';
import { ApiError, validationError } from '../../../platform/http/api-error.js';
import type { SessionUser } from '../../../platform/http/auth/session-user.js';
import { AuditLogService } from '../../staff/index.js';
import { designSystem, formatInt, type DesignConfig, type DesignInput } from '../design-engine/index.js';
import { QuotesService, designInputOfLead } from '../quotes.service.js';
import { AiConfigRecord } from './ai-config.entity.js';

/**
 * The spec's sample projects (public-site.md §9 "Sample project claims"; decisions.md §10): every
 * preview reprices them.
 */
export const SPEC_SAMPLE_QUOTES: readonly { label: string; input: DesignInput }[] = [
  {
    label: 'Spec sample: 4,500 sq ft home',
    input: {
      buildingType: 'residential',
      squareFootage: 4500,
      floors: 2,
      entryPoints: 'Front door, back door',
      specificAreas: '',
      budget: '10k-25k',
      timeline: 'asap',
      additionalFeatures: [],
    },
  },
  {
    label: 'Spec sample: 50,000 sq ft office',
    input: {
      buildingType: 'office',
      squareFootage: 50_000,
      floors: 3,
      entryPoints: 'Main entrance, rear exit, loading door, parking garage door',
      specificAreas: 'Server room, reception, parking lot',
      budget: '50k-plus',
      timeline: '1-month',
      additionalFeatures: ['Access Control System'],
    },
  },
];

/** The configuration with `key` replaced by `value` (the rest as stored). */
function withValue(config: DesignConfig, preview: AiConfigPreview): DesignConfig {
  switch (preview.configKey) {
    case 'tiered_pricing':
      return { ...config, tiers: preview.configValue };
    case 'component_pricing':
      return { ...config, components: preview.configValue };
    case 'additional_costs':
      return { ...config, additional: preview.configValue };
  }
}

const isUniqueViolation = (err: unknown) =>
  err instanceof QueryFailedError && (err.driverError as { code?: string } | undefined)?.code === '23505';

/** One stored wizard lead, as a preview reprices it. */
interface RecentQuoteRow {
  id: number;
  first_name: string | null;
  last_name: string | null;
  building_info: BuildingInfo;
  budget: string | null;
  timeline: string | null;
  specific_areas: string | null;
  additional_features: string[];
}

/**
 * The AI recommendation config as staff manage it (staff-side.md §2 "AI configuration tab", §3,
 * §7): the list, create, edit (each value checked against its key's edit schema, version-checked,
 * audited with the old and new value) and the preview of an edit on reference quotes. Reads for
 * quotes go through AiConfigStore (the ConfigurationCache), which every save refreshes in every
 * process.
 */
@Injectable()
export class AiConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: ConfigurationCache,
    private readonly audit: AuditLogService,
    private readonly quotes: QuotesService,
  ) {}

  /** GET /api/ai-configs: every record (by key) and the current configuration versions. */
  async list(): Promise<AiConfigListResponse> {
    const [rows, versions] = await Promise.all([
      this.dataSource.getRepository(AiConfigRecord).find({ order: { id: 'ASC' } }),
      this.cache.versions(),
    ]);
    return { configs: rows.map(toAiConfigDto), versions };
  }

  /**
   * POST /api/ai-configs: creates the record of a key that has none. Audited as `ai_config.created`.
   * @throws ApiError 409 CONFLICT when the key already has a record (edit it with PATCH).
   */
  async create(body: CreateAiConfig, user: SessionUser | undefined): Promise<AiConfigSaveResponse> {
    if (body.category !== AI_CONFIG_CATEGORY_OF_KEY[body.configKey]) {
      throw new ApiError(400, ErrorCode.ValidationFailed, 'Invalid input: category', {
        fieldErrors: { category: [`${body.configKey} belongs to the ${AI_CONFIG_CATEGORY_OF_KEY[body.configKey]} category.`] },
      });
    }
    try {
      return await this.save(user, async (m) => {
        const repo = m.getRepository(AiConfigRecord);
        if (await repo.exists({ where: { configKey: body.configKey } })) throw keyTaken(body.configKey);
        const saved = await repo.save(
          repo.create({
            category: body.category,
            configKey: body.configKey,
            configValue: body.configValue,
            description: body.description ?? null,
            isActive: body.isActive,
          }),
        );
        return { saved, action: 'ai_config.created', details: { to: saved.configValue } };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw keyTaken(body.configKey);
      throw err;
    }
  }

  /**
   * PATCH /api/ai-configs/{id}: replaces the record's value (and description when given). Audited
   * as `ai_config.updated` with the old and new value.
   * @throws ApiError 404; 400 VALIDATION_FAILED with `configValue.<field>` errors (nothing
   *   written); 409 CONFLICT when `version` is stale.
   */
  async update(id: number, body: UpdateAiConfig, user: SessionUser | undefined): Promise<AiConfigSaveResponse> {
    return this.save(user, async (m) => {
      const repo = m.getRepository(AiConfigRecord);
      const row = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new ApiError(404, ErrorCode.NotFound, `AI configuration ${id} not found`);
      if (body.version !== undefined && body.version !== row.version) {
        throw new ApiError(
          409,
          ErrorCode.Conflict,
          `${row.configKey} was changed by someone else at ${row.updatedAt.toISOString()} while you were editing it. Reload to see their change, then make yours again.`,
        );
      }
      const value = parseValue(row.configKey, body.configValue);
      const description = body.description === undefined ? row.description : body.description;
      await repo.update({ id }, { configValue: value as never, description, version: row.version + 1 });
      const saved = await repo.findOneByOrFail({ id });
      return { saved, action: 'ai_config.updated', details: { from: row.configValue, to: value } };
    });
  }

  /**
   * POST /api/ai-configs/preview: the spec's two sample projects and the latest
   * PREVIEW_RECENT_QUOTES wizard quotes (not flagged as spam), each priced with the configuration
   * as stored and with `configKey` set to `configValue` (same catalogue and promotion): old total,
   * new total and the difference, whole dollars. Nothing is written.
   */
  async preview(body: AiConfigPreview): Promise<AiConfigPreviewResponse> {
    const { config } = await this.quotes.pricingConfiguration();
    const edited = withValue(config, body);
    const rows: RecentQuoteRow[] = await this.dataSource.query(
      `SELECT id, first_name, last_name, building_info, budget, timeline, specific_areas, additional_features
         FROM leads
        WHERE source = 'ai_shopping' AND spam_reason IS NULL AND archived_at IS NULL AND ai_recommendation IS NOT NULL
        ORDER BY created_at DESC, id DESC
        LIMIT $1`,
      [PREVIEW_RECENT_QUOTES],
    );
    const references = [
      ...SPEC_SAMPLE_QUOTES.map((s) => ({ label: s.label, kind: 'sample' as const, leadId: null, input: s.input })),
      ...rows.map((r) => ({ label: leadLabel(r), kind: 'lead' as const, leadId: r.id, input: leadInput(r) })),
    ];
    return {
      quotes: references.map(({ input, ...ref }) => {
        const oldTotal = designSystem(input, config).pricing.totalProjectCost;
        const newTotal = designSystem(input, edited).pricing.totalProjectCost;
        return { ...ref, oldTotal, newTotal, difference: newTotal - oldTotal };
      }),
    };
  }

  /** Runs a write, audits it with the new configuration version, and tells every process after the commit. */
  private async save(
    user: SessionUser | undefined,
    fn: (m: EntityManager) => Promise<{ saved: AiConfigRecord; action: string; details: Record<string, unknown> }>,
  ): Promise<AiConfigSaveResponse> {
    const out = await this.dataSource.transaction(async (m) => {
      const { saved, action, details } = await fn(m);
      const version = await this.cache.versionIn(m, 'ai_recommendation_config');
      await this.audit.record(m, user, action, 'ai_config', saved.id, {
        configKey: saved.configKey,
        ...details,
        configurationVersion: version,
      });
      return { saved, version };
    });
    await this.cache.changed('ai_recommendation_config', out.version);
    return { config: toAiConfigDto(out.saved), configurationVersion: out.version };
  }
}

/**
 * `value` checked against the edit schema of `key`.
 * @throws ApiError 400 VALIDATION_FAILED with `configValue.<field>` errors; for a key the product
 *   does not price from.
 */
function parseValue(key: string, value: unknown): unknown {
  if (!(AI_CONFIG_KEYS as readonly string[]).includes(key)) {
    throw new ApiError(400, ErrorCode.ValidationFailed, `Invalid input: configKey`, {
      fieldErrors: { configKey: [`Config key must be one of ${AI_CONFIG_KEYS.join(', ')}.`] },
    });
  }
  const parsed = z.object({ configValue: AI_CONFIG_EDIT_SCHEMAS[key as AiConfigKey] }).safeParse({ configValue: value });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data.configValue;
}

const keyTaken = (key: string) =>
  new ApiError(409, ErrorCode.Conflict, `${key} already has a configuration record: edit it instead of creating another.`);

/** "Lead #42 — Ana Reyes (residential, 4,500 sq ft)". */
function leadLabel(r: RecentQuoteRow): string {
  const name = [r.first_name, r.last_name].filter(Boolean).join(' ') || 'no name';
  const sqft = Number(String(r.building_info.squareFootage ?? '').replace(/[^\d.]/g, ''));
  const what = [r.building_info.type, Number.isFinite(sqft) && sqft > 0 ? `${formatInt(sqft)} sq ft` : null].filter(Boolean).join(', ');
  return `Lead #${r.id} — ${name}${what ? ` (${what})` : ''}`;
}

/** The design input of a stored wizard lead (what the engine priced it from). */
function leadInput(r: RecentQuoteRow): DesignInput {
  const answers = {
    specificAreas: r.specific_areas ?? undefined,
    budget: r.budget ?? undefined,
    timeline: r.timeline ?? undefined,
    additionalFeatures: r.additional_features,
  } as CreateLead;
  return designInputOfLead(answers, r.building_info);
}

/** Entity → API shape. */
export function toAiConfigDto(r: AiConfigRecord): AiConfigRecordDto {
  return {
    id: r.id,
    category: r.category,
    configKey: r.configKey,
    configValue: r.configValue,
    description: r.description,
    isActive: r.isActive,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
