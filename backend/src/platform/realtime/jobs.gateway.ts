import type { ServerResponse } from 'node:http';
import { Inject, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { QueueEvents } from 'bullmq';
import type { Server, Socket } from 'socket.io';
import {
  ClientEvent,
  WATCHABLE_QUEUES,
  jobRoom,
  ServerEvent,
  watchJobSchema,
  type JobState,
  type JobUpdate,
  type QueueName,
} from '@ironclad/contracts';
import type { StaffRequest } from '../http/auth/session-user.js';
import { ENV, type Env } from '../config/env.js';
import { bullConnection } from '../queue/redis-connection.js';
import { QueueRegistry } from '../queue/queue-registry.js';
import { sessionRoom, STAFF_ROOM } from './live-events.js';
import { SocketSessionAuth } from './socket-auth.js';

/** How often each api instance re-checks the sessions of its staff sockets (ms). */
export const STAFF_SOCKET_CHECK_MS = 30_000;

/** Longest the gateway waits for its Redis event streams to close on shutdown (ms). */
export const QUEUE_EVENTS_CLOSE_TIMEOUT_MS = 2000;

/** BullMQ job states → the states a watcher sees. */
const STATE_OF: Record<string, JobState> = {
  waiting: 'queued',
  delayed: 'queued',
  prioritized: 'queued',
  'waiting-children': 'queued',
  wait: 'queued',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

/**
 * The Socket.IO gateway of the platform (architecture.md "Progress"):
 * - relays job progress to browsers: BullMQ QueueEvents of the watchable queues
 *   (WATCHABLE_QUEUES) → the room `job:{jobId}`. A browser joins a room with
 *   `job:watch {jobId, queue}`; job ids are unguessable UUIDs handed only to the requester. Each
 *   api instance relays to its own sockets (`server.local`), so with several instances and the
 *   Redis adapter no update is delivered twice;
 * - puts staff sockets in the staff room and their session's room, authenticated by the
 *   {@link SocketSessionAuth} the composition root provides, and disconnects them once their
 *   session stops granting staff access.
 * Features add their own watch messages with gateways of their own on the same server.
 */
@WebSocketGateway({ path: '/socket.io' })
export class JobsGateway implements OnModuleInit, OnModuleDestroy, OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger(JobsGateway.name);
  private readonly queueEvents: QueueEvents[] = [];
  private staffCheck?: ReturnType<typeof setInterval>;

  @WebSocketServer() server!: Server;

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly queues: QueueRegistry,
    @Optional() private readonly auth?: SocketSessionAuth,
  ) {}

  /**
   * Staff rooms authenticate with the HTTP session (decisions.md §2): the session and passport
   * middlewares run on the Socket.IO handshake, and a socket whose session belongs to an admin
   * joins the room `staff` (STAFF_ROOM) on connect. Other sockets can only watch jobs by id.
   */
  afterInit(server: Server): void {
    if (!this.auth) return; // no session auth (a reduced test module): no staff room
    for (const handler of this.auth.handshake) {
      const run = handler as unknown as (req: unknown, res: ServerResponse, next: (err?: unknown) => void) => void;
      server.engine.use((req: unknown, res: ServerResponse, next: (err?: unknown) => void) => {
        let called = false;
        run(req, res, (err) => {
          // engine.io answers a middleware error itself (400). While PostgreSQL is unreachable a
          // session-store read can fail after the answer is out, or call back twice; a second
          // answer would throw ERR_HTTP_HEADERS_SENT outside any handler and end the api process
          // (seen in e2e/outage-wizard.spec.ts). Once answered, the handshake is over.
          if (called || res.headersSent) return;
          called = true;
          next(err);
        });
      });
    }
  }

  /**
   * An admin's socket joins STAFF_ROOM and the room of its session (sessionRoom), so a logout
   * disconnects it (StaffEvents.endSession); the periodic check (checkStaffSockets) disconnects
   * it when the session expires or the user stops being an admin.
   */
  handleConnection(socket: Socket): void {
    const req = socket.request as unknown as StaffRequest & { sessionID?: string };
    if (!req.user?.isAdmin) return;
    void socket.join(STAFF_ROOM);
    if (req.sessionID) {
      socket.data.sid = req.sessionID;
      void socket.join(sessionRoom(req.sessionID));
    }
  }

  /**
   * Disconnects this instance's staff sockets whose session no longer grants staff access
   * ({@link SocketSessionAuth.stillStaff}; decisions.md §2: the staff room authenticates with the
   * session, for as long as the socket stays open). Answers how many sockets were disconnected.
   * Runs every STAFF_SOCKET_CHECK_MS.
   */
  async checkStaffSockets(): Promise<number> {
    const sockets = [...(this.server?.of('/').sockets.values() ?? [])].filter((s) => s.rooms.has(STAFF_ROOM));
    if (!sockets.length) return 0;
    const sids = [...new Set(sockets.map((s) => s.data.sid as string | undefined).filter((sid): sid is string => !!sid))];
    const valid = sids.length && this.auth ? await this.auth.stillStaff(sids) : new Set<string>();
    let ended = 0;
    for (const socket of sockets) {
      if (socket.data.sid && valid.has(socket.data.sid as string)) continue;
      socket.disconnect(true);
      ended += 1;
    }
    return ended;
  }

  onModuleInit(): void {
    this.staffCheck = setInterval(() => {
      this.checkStaffSockets().catch((err: Error) => this.logger.warn(`staff socket check: ${err.message}`));
    }, STAFF_SOCKET_CHECK_MS);
    this.staffCheck.unref();
    for (const name of WATCHABLE_QUEUES) {
      const events = new QueueEvents(name, { connection: bullConnection(this.env.REDIS_URL, 'worker'), prefix: this.env.QUEUE_PREFIX });
      let lastError = 0;
      events.on('error', (err) => {
        if (Date.now() - lastError < 10_000) return; // one line per 10 s during a Redis outage
        lastError = Date.now();
        this.logger.warn(`queue events ${name}: ${err.message}`);
      });
      events.on('waiting', ({ jobId }) => this.relay({ jobId, queue: name, state: 'queued' }));
      events.on('active', ({ jobId }) => this.relay({ jobId, queue: name, state: 'active' }));
      events.on('progress', ({ jobId, data }) => this.relay({ jobId, queue: name, state: 'progress', progress: data }));
      events.on('completed', ({ jobId, returnvalue }) => this.relay({ jobId, queue: name, state: 'completed', result: returnvalue }));
      events.on('failed', ({ jobId, failedReason }) => this.relay({ jobId, queue: name, state: 'failed', failedReason }));
      this.queueEvents.push(events);
    }
  }

  /**
   * Closes the event streams. BullMQ's close waits for Redis to answer, so it is bounded by
   * QUEUE_EVENTS_CLOSE_TIMEOUT_MS, after which the connections are force-closed: an api shutting
   * down during a Redis outage still stops and leaves no reconnecting client behind.
   */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.staffCheck);
    await Promise.all(
      this.queueEvents.map(async (events) => {
        const closed = await Promise.race([
          events.close().then(() => true),
          new Promise<false>((resolve) => setTimeout(() => resolve(false), QUEUE_EVENTS_CLOSE_TIMEOUT_MS).unref()),
        ]);
        // Redis unreachable: drop the connections instead of waiting for a reply that won't come.
        if (!closed) await events.getBackend().close(true);
      }),
    );
  }

  /**
   * `job:watch {jobId, queue}`: joins the job's room and immediately sends the job's current
   * state (so a job that finished before the browser subscribed is still seen).
   * Answers (ack) `{ok: true}` or `{ok: false, error}` for a malformed request.
   */
  @SubscribeMessage(ClientEvent.WatchJob)
  async watch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<{ ok: boolean; error?: string }> {
    const parsed = watchJobSchema.safeParse(body);
    if (!parsed.success) return { ok: false, error: 'jobId must be a UUID and queue a known queue' };
    const { jobId, queue } = parsed.data;
    await socket.join(jobRoom(jobId));
    const snapshot = await this.snapshot(queue, jobId);
    if (snapshot) socket.emit(ServerEvent.JobUpdate, snapshot);
    return { ok: true };
  }

  /** `job:unwatch {jobId}`: leaves the room. */
  @SubscribeMessage(ClientEvent.UnwatchJob)
  async unwatch(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<{ ok: boolean }> {
    const parsed = watchJobSchema.pick({ jobId: true }).safeParse(body);
    if (parsed.success) await socket.leave(jobRoom(parsed.data.jobId));
    return { ok: parsed.success };
  }

  private relay(update: Omit<JobUpdate, 'at'>): void {
    this.server?.local.to(jobRoom(update.jobId)).emit(ServerEvent.JobUpdate, { ...update, at: Date.now() } satisfies JobUpdate);
  }

  private async snapshot(queueName: QueueName, jobId: string): Promise<JobUpdate | null> {
    const job = await this.queues.get(queueName).getJob(jobId);
    if (!job) return null;
    const state = STATE_OF[await job.getState()] ?? 'queued';
    return {
      jobId,
      queue: queueName,
      state,
      progress: job.progress,
      result: state === 'completed' ? job.returnvalue : undefined,
      failedReason: state === 'failed' ? job.failedReason : undefined,
      at: Date.now(),
    };
  }
}
