/**
 * Jobs by business key: which jobs belong to lead 42 or campaign 7. BullMQ (and Bull Board) can
 * only find a job by queue and id, while staff look for "the PDF of this lead" or "the failed
 * emails of this campaign". The producer notes each job under the records its payload names, in
 * Redis beside the jobs themselves: the index lives and dies with the jobs it points to (a Redis
 * that lost its data lost both), and entries of jobs BullMQ has since removed are dropped when
 * they are read.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Jobs, type JobDefinition, type QueueName } from '@ironclad/contracts';
import { ENV, type Env } from '../config/env.js';
import { SharedRedis } from '../realtime/shared-redis.js';

/** The records a job can belong to. */
export type JobOwnerKind = 'lead' | 'campaign';

/** The owners of one job. */
export interface JobOwners {
  leadId?: number;
  campaignId?: number;
}

/** A job as the index knows it. */
export interface IndexedJob {
  queue: QueueName;
  id: string;
}

/** Newest entries kept per record (older ones are trimmed at the next enqueue). */
export const JOB_INDEX_MAX_PER_RECORD = 1000;
/** Lifetime of a record's index after its last enqueue (s): beyond the longest job retention (failed: 7 days). */
export const JOB_INDEX_TTL_SECONDS = 8 * 24 * 3600;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/**
 * The records a payload of `definition` belongs to: its `leadId` and `campaignId` fields, and the
 * lead a "new lead" staff notification is about.
 */
export function jobOwners(definition: JobDefinition, payload: unknown): JobOwners {
  const p = (payload ?? {}) as Record<string, unknown>;
  const owners: JobOwners = {};
  if (isId(p.leadId)) owners.leadId = p.leadId;
  if (isId(p.campaignId)) owners.campaignId = p.campaignId;
  if (definition === Jobs.StaffNotification && p.kind === 'lead' && isId(p.recordId)) owners.leadId = p.recordId;
  return owners;
}

/** Redis key of the index of one record, under the queues' key prefix. */
export function jobIndexKey(prefix: string, kind: JobOwnerKind, id: number): string {
  return `${prefix}:job-index:${kind}:${id}`;
}

const member = (job: IndexedJob) => `${job.queue}:${job.id}`;
function parseMember(m: string): IndexedJob {
  const at = m.indexOf(':');
  return { queue: m.slice(0, at) as QueueName, id: m.slice(at + 1) };
}

/** Writes and reads the index, on the process's shared Redis connection under QUEUE_PREFIX. */
@Injectable()
export class JobIndex {
  private readonly logger = new Logger(JobIndex.name);

  constructor(
    private readonly redis: SharedRedis,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * Notes jobs under their owners in one round trip (ZADD, trim to JOB_INDEX_MAX_PER_RECORD,
   * EXPIRE). Never throws: an index entry missed while Redis fails only hides a job from the
   * record's panel (the dashboard still has it).
   */
  async add(entries: { job: IndexedJob; owners: JobOwners }[]): Promise<void> {
    const byKey = new Map<string, string[]>();
    const prefix = this.prefix();
    for (const { job, owners } of entries) {
      if (owners.leadId) push(byKey, jobIndexKey(prefix, 'lead', owners.leadId), member(job));
      if (owners.campaignId) push(byKey, jobIndexKey(prefix, 'campaign', owners.campaignId), member(job));
    }
    if (byKey.size === 0) return;
    try {
      // a pipeline, not a transaction: each command stands alone (a missed trim is redone by the next add)
      const pipeline = this.redis.client.pipeline();
      const now = Date.now();
      for (const [key, members] of byKey) {
        pipeline.zadd(key, ...members.flatMap((m, i) => [now + i / 1000, m]));
        pipeline.zremrangebyrank(key, 0, -(JOB_INDEX_MAX_PER_RECORD + 1));
        pipeline.expire(key, JOB_INDEX_TTL_SECONDS);
      }
      const results = await pipeline.exec();
      const failed = results?.find(([err]) => err)?.[0];
      if (failed) throw failed;
    } catch (err) {
      this.logger.warn(`could not index ${entries.length} job(s) by record: ${(err as Error).message}`);
    }
  }

  /** The jobs of one record, newest first, at most `limit`. @throws the Redis error. */
  async jobsOf(kind: JobOwnerKind, id: number, limit: number): Promise<IndexedJob[]> {
    const members = await this.redis.client.zrevrange(jobIndexKey(this.prefix(), kind, id), 0, Math.max(0, limit - 1));
    return members.map(parseMember);
  }

  /** Drops entries whose jobs no longer exist. @throws the Redis error. */
  async forget(kind: JobOwnerKind, id: number, jobs: IndexedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.redis.client.zrem(jobIndexKey(this.prefix(), kind, id), ...jobs.map(member));
  }

  private prefix(): string {
    return this.env.QUEUE_PREFIX;
  }
}

function push(map: Map<string, string[]>, key: string, value: string) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
