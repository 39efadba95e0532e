/**
 * The job dashboard: Bull Board at JOB_DASHBOARD_PATH (/admin/queues) for every queue of the
 * product, staff only, its writes audited.
 *
 * Bull Board is used as published (`@bull-board/api`, `@bull-board/ui`, `@bull-board/express`);
 * what this file adds sits around it:
 * - access: the staff rule of every staff route ({@link staffAccessError}) on every request of the
 *   board (page, static files, API), after the session handlers createApp mounts on the path;
 * - its API routes, each mapped in {@link DASHBOARD_WRITES} / checked by {@link JobDashboard}:
 *   the writes the operations service knows (retry, retry all failed, promote, clean, remove,
 *   pause, resume) run through {@link JobActionsService} (the code path of `npm run jobs` and the
 *   lead / campaign panels, with the same checks and audit entries); Bull Board's other writes run
 *   as Bull Board does them and are then written to the audit log; a write route that is in
 *   neither list (one a later Bull Board version adds) is refused, never run unaudited;
 * - Redis: an API call first checks that Redis answers, and a failure is answered 503 "Redis is
 *   not answering" when Redis is the cause (the board's page keeps showing and says so).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import type {
  AppControllerRoute,
  BullBoardRequest,
  ControllerHandlerReturnType,
  HTTPStatus,
  QueueAdapterOptions,
} from '@bull-board/api/typings/app';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { Queue } from 'bullmq';
import { ErrorCode, JOB_DASHBOARD_PATH, queueNameSchema, type ApiErrorBody } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';
import { staffAccessError } from '../../platform/http/auth/staff.guard.js';
import type { StaffRequest } from '../../platform/http/auth/session-user.js';
import { toErrorBody } from '../../platform/http/http-exception.filter.js';
import { QueueRegistry } from '../../platform/queue/queue-registry.js';
import { redisAnswers } from '../../platform/queue/redis-probe.js';
import { JobActionsService, JobAuditAction, type JobActor } from './job-actions.service.js';

/** Where an anonymous visitor of the board's page is sent: the staff pages' Admin Login. */
export const STAFF_LOGIN_PATH = '/admin';

/** Grace of the board's "Clean" of a state (ms): jobs that finished in the last 5 s stay (Bull Board's own value). */
export const DASHBOARD_CLEAN_GRACE_MS = 5000;

/** The message of the board's API while Redis does not answer (503 SERVICE_UNAVAILABLE). */
export const REDIS_DOWN_MESSAGE = 'Redis is not answering: the job dashboard cannot read or change jobs until it is back.';

type Params = Record<string, string | undefined>;
type BoardResult = ControllerHandlerReturnType;

/** A write the board performs through {@link JobActionsService} (checked and audited there). */
interface ServiceWrite {
  kind: 'service';
  run(actions: JobActionsService, params: Params, actor: JobActor): Promise<object>;
}

/** A write Bull Board performs itself; recorded in the audit log once it succeeded. */
interface AuditedWrite {
  kind: 'audited';
  action: JobAuditAction;
  /** The record it changed: the job (`queue:jobId`) or the queue. */
  entity: 'job' | 'queue';
  /** Request body fields copied into the entry's details (never job data: it may hold personal data). */
  bodyFields?: readonly string[];
}

/** The state a job must be in to be retried from the board (the operations service's rule). */
const RETRIABLE_STATE = 'failed';

/** Pauses or resumes every queue not already so, each through the service (one audit entry per queue changed). */
async function setAllPaused(actions: JobActionsService, actor: JobActor, paused: boolean): Promise<object> {
  for (const q of await actions.overview()) {
    if (q.paused === paused) continue;
    if (paused) await actions.pause(q.queue, actor);
    else await actions.resume(q.queue, actor);
  }
  return {};
}

/**
 * Every write route of Bull Board's API (`<method> <route>` as Bull Board declares it) and how the
 * board performs and records it. Writes not listed here are refused (403).
 */
export const DASHBOARD_WRITES: Readonly<Record<string, ServiceWrite | AuditedWrite>> = {
  'put /api/queues/pause': { kind: 'service', run: (a, _p, actor) => setAllPaused(a, actor, true) },
  'put /api/queues/resume': { kind: 'service', run: (a, _p, actor) => setAllPaused(a, actor, false) },
  'put /api/queues/:queueName/retry/:queueStatus': {
    kind: 'service',
    run: async (a, p, actor) => {
      if (p.queueStatus !== RETRIABLE_STATE) {
        throw new ApiError(409, ErrorCode.Conflict, `Only failed jobs can be retried (asked: ${String(p.queueStatus)} jobs)`);
      }
      const { retried } = await a.retryAllFailed(p.queueName!, actor);
      return { retried, skipped: 0 };
    },
  },
  'put /api/queues/:queueName/promote': { kind: 'service', run: (a, p, actor) => a.promoteAll(p.queueName!, actor) },
  'put /api/queues/:queueName/clean/:queueStatus': {
    kind: 'service',
    run: (a, p, actor) => a.clean(p.queueName!, { state: p.queueStatus, olderThanMs: DASHBOARD_CLEAN_GRACE_MS }, actor),
  },
  'put /api/queues/:queueName/pause': { kind: 'service', run: (a, p, actor) => a.pause(p.queueName!, actor) },
  'put /api/queues/:queueName/resume': { kind: 'service', run: (a, p, actor) => a.resume(p.queueName!, actor) },
  'put /api/queues/:queueName/:jobId/retry': { kind: 'service', run: (a, p, actor) => a.retry(p.queueName!, p.jobId!, actor) },
  'put /api/queues/:queueName/:jobId/clean': { kind: 'service', run: (a, p, actor) => a.remove(p.queueName!, p.jobId!, actor) },
  'put /api/queues/:queueName/:jobId/promote': { kind: 'service', run: (a, p, actor) => a.promote(p.queueName!, p.jobId!, actor) },

  'post /api/queues/:queueName/add': { kind: 'audited', action: JobAuditAction.Added, entity: 'job', bodyFields: ['name', 'options'] },
  'put /api/queues/:queueName/concurrency': {
    kind: 'audited',
    action: JobAuditAction.ConcurrencySet,
    entity: 'queue',
    bodyFields: ['concurrency'],
  },
  'put /api/queues/:queueName/rate-limit': {
    kind: 'audited',
    action: JobAuditAction.RateLimitSet,
    entity: 'queue',
    bodyFields: ['max', 'duration'],
  },
  'put /api/queues/:queueName/rate-limit/release': { kind: 'audited', action: JobAuditAction.RateLimitReleased, entity: 'queue' },
  'put /api/queues/:queueName/empty': { kind: 'audited', action: JobAuditAction.Emptied, entity: 'queue' },
  'put /api/queues/:queueName/obliterate': { kind: 'audited', action: JobAuditAction.Obliterated, entity: 'queue', bodyFields: ['force'] },
  'put /api/queues/:queueName/job-schedulers/:schedulerId/remove': {
    kind: 'audited',
    action: JobAuditAction.SchedulerRemoved,
    entity: 'queue',
  },
  'patch /api/queues/:queueName/job-schedulers/:schedulerId': {
    kind: 'audited',
    action: JobAuditAction.SchedulerUpdated,
    entity: 'queue',
    bodyFields: ['pattern', 'every', 'tz', 'limit', 'startDate', 'endDate'],
  },
  'put /api/queues/:queueName/job-schedulers/:schedulerId/run': { kind: 'audited', action: JobAuditAction.SchedulerRun, entity: 'queue' },
  'patch /api/queues/:queueName/:jobId/update-data': { kind: 'audited', action: JobAuditAction.DataUpdated, entity: 'job' },
  'patch /api/queues/:queueName/:jobId/delay': {
    kind: 'audited',
    action: JobAuditAction.DelayChanged,
    entity: 'job',
    bodyFields: ['runAt'],
  },
  'patch /api/queues/:queueName/:jobId/priority': {
    kind: 'audited',
    action: JobAuditAction.PriorityChanged,
    entity: 'job',
    bodyFields: ['priority'],
  },
  'put /api/queues/:queueName/:jobId/remove-unprocessed-children': {
    kind: 'audited',
    action: JobAuditAction.ChildrenRemoved,
    entity: 'job',
  },
};

/** `<method> <route>` of a Bull Board API route (its first method and path: each has one). */
export const routeKey = (route: Pick<AppControllerRoute, 'method' | 'route'>): string =>
  `${[route.method].flat()[0]!} ${[route.route].flat()[0]!}`;

/**
 * Options of each queue's Bull Board adapter: completed jobs are not offered a Retry (the
 * operations service retries failed jobs only). BullMQAdapter's declared options type omits
 * `allowCompletedRetries`, which its base class reads.
 */
const ADAPTER_OPTIONS: Partial<QueueAdapterOptions> & { allowCompletedRetries: boolean } = { allowCompletedRetries: false };

/** What the access middleware learnt of a request, for the board's route handlers. */
interface RequestContext {
  actor: JobActor;
  requestId?: string;
}

/**
 * Bull Board's Express adapter with its API routes wrapped by `wrap` (Bull Board hands every route
 * to `setApiRoutes`, after its own hooks and request validation).
 */
class WrappedExpressAdapter extends ExpressAdapter {
  constructor(private readonly wrap: (route: AppControllerRoute) => AppControllerRoute) {
    super();
  }

  override setApiRoutes(routes: AppControllerRoute[]): ExpressAdapter {
    return super.setApiRoutes(routes.map((r) => this.wrap(r)));
  }
}

/**
 * The job dashboard's Express handlers, to mount at {@link JOB_DASHBOARD_PATH} after the staff
 * session handlers (createApp). See the file comment for what it answers.
 *
 * Access (every path under it): without a session, 401 UNAUTHORIZED (the API's error body) for
 * `/api/...` and a 302 to {@link STAFF_LOGIN_PATH} for the page; a signed-in non-admin gets 403
 * FORBIDDEN. API errors use the API's error body `{statusCode, code, message, requestId}`:
 * 404 NOT_FOUND for an unknown queue (the message lists the queues) or job, 409 CONFLICT for a
 * refused operation (retrying a job that is not failed), 400 VALIDATION_FAILED for a bad clean,
 * 403 for a write the board does not offer, 503 SERVICE_UNAVAILABLE {@link REDIS_DOWN_MESSAGE}.
 * Bull Board's own answers (its reads, its validation errors) keep Bull Board's body.
 */
@Injectable()
export class JobDashboard {
  private readonly log = new Logger('JobDashboard');
  private readonly contexts = new WeakMap<IncomingHttpHeaders | BullBoardRequest['headers'], RequestContext>();
  private readonly board: Express;

  constructor(
    private readonly queues: QueueRegistry,
    private readonly actions: JobActionsService,
  ) {
    const adapter = new WrappedExpressAdapter((route) => this.wrapRoute(route));
    adapter.setBasePath(JOB_DASHBOARD_PATH);
    createBullBoard({
      queues: queues.all().map((q) => new BullMQAdapter(q, ADAPTER_OPTIONS)),
      serverAdapter: adapter,
      options: {
        uiConfig: {
          boardTitle: 'Ironclad jobs',
          hideDocsLink: true,
          miscLinks: [{ text: 'Admin dashboard', url: STAFF_LOGIN_PATH }],
        },
      },
    });
    this.board = adapter.getRouter() as Express;
    // The board is its own Express app: without this it would announce Express on every answer.
    this.board.disable('x-powered-by');
  }

  /** The handlers to mount at JOB_DASHBOARD_PATH, after the session handlers. */
  get handlers(): RequestHandler[] {
    return [this.requireStaff, this.board];
  }

  /** The staff rule on every request of the board; records who is asking for the route handlers. */
  private readonly requireStaff = (req: Request, res: Response, next: NextFunction): void => {
    const r = req as StaffRequest;
    const refused = staffAccessError(r.user);
    if (!refused) {
      this.contexts.set(req.headers, { actor: { user: r.user! }, requestId: r.id });
      return next();
    }
    const isApi = req.path === '/api' || req.path.startsWith('/api/');
    const isPage = !isApi && (req.method === 'GET' || req.method === 'HEAD');
    if (isPage && refused.getStatus() === 401) return res.redirect(302, STAFF_LOGIN_PATH);
    if (isPage) {
      res.status(403).type('text/plain').send(`Admin access required: ${r.user!.email} is not an admin.`);
      return;
    }
    res.status(refused.getStatus()).json(toErrorBody(refused, r.id));
  };

  /** One Bull Board API route with the queue check, the Redis check, its write treatment and the error mapping. */
  private wrapRoute(route: AppControllerRoute): AppControllerRoute {
    const isWrite = [route.method].flat().some((m) => m !== 'get');
    const write = DASHBOARD_WRITES[routeKey(route)];
    const handler = async (request?: BullBoardRequest): Promise<BoardResult> => {
      const context = request ? this.contexts.get(request.headers) : undefined;
      const requestId = context?.requestId;
      const params = (request?.params ?? {}) as Params;
      let queue: Queue | undefined;
      try {
        if (params.queueName !== undefined) {
          const name = queueNameSchema.safeParse(params.queueName);
          if (!name.success) throw new ApiError(404, ErrorCode.NotFound, name.error.issues[0]!.message);
          queue = this.queues.get(name.data);
        }
        if (!context) throw new ApiError(401, ErrorCode.Unauthorized, 'Authentication required');
        if (isWrite && !write) throw new ApiError(403, ErrorCode.Forbidden, 'This action is not available from the job dashboard');
        if (!(await redisAnswers(queue ?? this.queues.all()[0]!))) return this.redisDown(requestId);
        if (write?.kind === 'service') return { status: 200, body: { ...(await write.run(this.actions, params, context.actor)) } };
        const result = await route.handler(request);
        if (write?.kind === 'audited' && (result.status ?? 200) < 400)
          await this.recordAudited(write, params, request!, result, context.actor);
        return result;
      } catch (err) {
        if (err instanceof ApiError) return errorResult(err, requestId);
        if (!(await redisAnswers(queue ?? this.queues.all()[0]!))) return this.redisDown(requestId);
        this.log.error(`${routeKey(route)} [${requestId ?? '-'}] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        return { status: 500, body: { ...toErrorBody(err, requestId) } };
      }
    };
    return { ...route, handler };
  }

  /** Writes the audit entry of a write Bull Board performed. */
  private async recordAudited(write: AuditedWrite, params: Params, request: BullBoardRequest, result: BoardResult, actor: JobActor) {
    const queue = params.queueName!;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const created = (result.body as { job?: { id?: unknown } }).job?.id;
    const jobId = params.jobId ?? (created === undefined || created === null ? undefined : String(created));
    const details: Record<string, unknown> = { queue, via: 'dashboard' };
    if (jobId !== undefined) details.jobId = jobId;
    if (params.schedulerId !== undefined) details.schedulerId = params.schedulerId;
    for (const field of write.bodyFields ?? []) if (body[field] !== undefined) details[field] = body[field];
    const entityId = write.entity === 'job' && jobId !== undefined ? `${queue}:${jobId}` : queue;
    await this.actions.record(actor, write.action, write.entity === 'job' && jobId !== undefined ? 'job' : 'queue', entityId, details);
  }

  private redisDown(requestId: string | undefined): BoardResult {
    return errorResult(new ApiError(503, ErrorCode.ServiceUnavailable, REDIS_DOWN_MESSAGE), requestId);
  }
}

/**
 * An ApiError as a Bull Board handler result. Bull Board's status type lists the statuses of its
 * own handlers; its Express adapter sends any status as given.
 */
function errorResult(err: ApiError, requestId: string | undefined): BoardResult {
  const body: ApiErrorBody = toErrorBody(err, requestId);
  return { status: body.statusCode as HTTPStatus, body: { ...body } };
}
