/**
 * Socket.IO client of the site (architecture.md "Progress").
 *
 * One lazily created connection on path `/socket.io`, same origin, with cookies. A page that was
 * given a job id (e.g. `notificationJob.id` of a created contact) calls
 * `watchJob(jobId, onUpdate)` to receive that job's `job:update` events; the returned function
 * stops watching. Watches are re-sent after a reconnect.
 */
import { ClientEvent, SOCKET_PATH, ServerEvent, jobUpdateSchema, type JobUpdate, type QueueName } from '@ironclad/contracts';
import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;
/** Watchers per job id; a job's room is joined once however many watchers it has. */
const watchers = new Map<string, Set<(update: JobUpdate) => void>>();
/** Queue of each watched job (the server needs it to send the job's current state at once). */
const queues = new Map<string, QueueName>();
/** The `job:watch` payload of a job. */
const watchPayload = (jobId: string) => (queues.has(jobId) ? { jobId, queue: queues.get(jobId) } : { jobId });

/** The shared socket, created (and connected) on first use. Browser only. */
export function getSocket(): Socket {
  if (socket) return socket;
  const s = io({ path: SOCKET_PATH, withCredentials: true, autoConnect: false });
  s.on(ServerEvent.JobUpdate, (payload: unknown) => {
    const parsed = jobUpdateSchema.safeParse(payload);
    if (!parsed.success) {
      console.warn('Ignored a malformed job:update event', parsed.error.issues);
      return;
    }
    watchers.get(parsed.data.jobId)?.forEach((fn) => fn(parsed.data));
  });
  // Rooms are per connection: watch again after a reconnect.
  s.on('connect', () => {
    for (const jobId of watchers.keys()) s.emit(ClientEvent.WatchJob, watchPayload(jobId));
  });
  socket = s;
  return s;
}

/**
 * Watches one job: emits `job:watch` {jobId, queue} and calls `onUpdate` for each of its
 * `job:update` events. `queue` is the queue the API named with the job id (e.g. `pdf`).
 * Returns a function that stops watching (and emits `job:unwatch` for the last watcher).
 */
export function watchJob(jobId: string, onUpdate: (update: JobUpdate) => void, queue?: QueueName): () => void {
  const s = getSocket();
  if (queue) queues.set(jobId, queue);
  let set = watchers.get(jobId);
  const first = !set;
  if (!set) {
    set = new Set();
    watchers.set(jobId, set);
  }
  set.add(onUpdate);
  if (!s.connected) s.connect();
  else if (first) s.emit(ClientEvent.WatchJob, watchPayload(jobId));
  // When not yet connected, the 'connect' handler sends the watch.

  return () => {
    const current = watchers.get(jobId);
    if (!current) return;
    current.delete(onUpdate);
    if (current.size === 0) {
      watchers.delete(jobId);
      queues.delete(jobId);
      if (s.connected) s.emit(ClientEvent.UnwatchJob, { jobId });
    }
  };
}

/**
 * Connects the shared socket again so its handshake carries the current session cookie (the
 * server puts a socket in the staff room only at connect time): call when a staff page opens
 * (after signing in) and when it closes (after signing out). With `stayConnected` false the
 * socket stays closed unless a job is being watched. Job watches are re-sent on connect.
 */
export function renewSocketSession(stayConnected = true): Socket {
  const s = getSocket();
  if (s.connected || s.active) s.disconnect();
  if (stayConnected || watchers.size > 0) s.connect();
  return s;
}
