// Embedded PostgreSQL for `npm start` when no PostgreSQL server is available:
// PGlite (Postgres compiled to WASM, single session) served over the Postgres wire
// protocol by @electric-sql/pglite-socket's PGLiteSocketServer.
//
// PGlite has ONE backend session, so every client connection shares it. The stock
// query queue of pglite-socket 0.2.17 serialises single protocol *messages* and only
// pins a connection while `isInTransaction()` is true. That lets the Parse/Bind/
// Execute/Sync messages of two pooled connections interleave (clobbering the unnamed
// prepared statement), and one throw inside the queue stops it for good
// (electric-sql/pglite#1046). We therefore replace the server's queue with
// `SessionLockQueue` below: a connection takes the session with its first message and
// keeps it until the backend answers ReadyForQuery with status 'I' (idle), i.e. until
// the end of its extended-query batch or of its transaction. Other connections wait.
// In short: one transaction (or one statement batch) at a time.
//
// Consequence for application code: a connection that holds a transaction open while
// waiting for a query on a *different* connection would wait forever. The queue logs a
// warning when a connection has held the session for a long time so this shows up.

import fs from 'node:fs';

const MSG_TERMINATE = 0x58; // 'X'
const MSG_READY_FOR_QUERY = 0x5a; // 'Z'
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]); // 'S', length 4
const LONG_HOLD_MS = 30_000;

/**
 * Follows backend message framing across arbitrary chunk boundaries and remembers
 * the transaction status byte of the last ReadyForQuery ('I' idle, 'T' in a
 * transaction block, 'E' in a failed transaction block).
 */
class ReadyForQueryScanner {
  header = Buffer.alloc(5);
  headerLen = 0;
  type = 0;
  remaining = 0;
  status = null;

  push(chunk) {
    let off = 0;
    while (off < chunk.length) {
      if (this.remaining > 0) {
        const n = Math.min(this.remaining, chunk.length - off);
        if (this.type === MSG_READY_FOR_QUERY && this.remaining === 1) {
          this.status = String.fromCharCode(chunk[off]);
        }
        this.remaining -= n;
        off += n;
        continue;
      }
      this.header[this.headerLen++] = chunk[off++];
      if (this.headerLen === 5) {
        this.type = this.header[0];
        this.remaining = Math.max(0, this.header.readInt32BE(1) - 4);
        this.headerLen = 0;
        if (this.type === MSG_READY_FOR_QUERY && this.remaining === 0) this.status = null;
      }
    }
  }
}

/**
 * Drop-in replacement for pglite-socket's internal QueryQueueManager
 * (same methods: enqueue, getQueueLength, clearQueueForHandler,
 * clearTransactionIfNeeded).
 */
export class SessionLockQueue {
  constructor(db, { log = () => {} } = {}) {
    this.db = db;
    this.log = log;
    this.queue = [];
    this.owner = null; // handler id that holds the session
    this.ownerSince = 0;
    this.pumping = false;
    this.closed = false;
    this.idle = Promise.resolve();
    this.warned = false;
    this.timer = setInterval(() => this.checkLongHold(), 5_000);
    this.timer.unref();
  }

  enqueue(handlerId, message, onData) {
    if (this.closed) return Promise.reject(new Error('PGlite server is stopping'));
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject, at: Date.now() });
      this.pump();
    });
  }

  getQueueLength() {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId) {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId || item.cleanup) return true;
      item.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** Called when a connection goes away: give the session back in a clean state. */
  clearTransactionIfNeeded(handlerId) {
    if (this.owner !== handlerId) return Promise.resolve();
    return new Promise((resolve) => {
      this.queue.unshift({ handlerId, cleanup: true, resolve, reject: resolve, at: Date.now() });
      this.pump();
    });
  }

  async close() {
    this.closed = true;
    clearInterval(this.timer);
    for (const item of this.queue.splice(0)) {
      if (item.cleanup) item.resolve();
      else item.reject(new Error('PGlite server is stopping'));
    }
    await this.idle;
  }

  checkLongHold() {
    if (this.owner === null || this.queue.length === 0) {
      this.warned = false;
      return;
    }
    const held = Date.now() - this.ownerSince;
    if (held > LONG_HOLD_MS && !this.warned) {
      this.warned = true;
      this.log(
        `warning: connection #${this.owner} has held the embedded database for ${Math.round(held / 1000)}s ` +
          `while ${this.queue.length} request(s) wait. PGlite runs one transaction at a time: ` +
          `a transaction that waits for another connection never finishes here (use a real PostgreSQL).`,
      );
    }
  }

  nextIndex() {
    if (this.queue.length === 0) return -1;
    if (this.owner === null) return 0;
    return this.queue.findIndex((item) => item.handlerId === this.owner);
  }

  pump() {
    if (this.pumping) return;
    this.pumping = true;
    this.idle = this.run().finally(() => {
      this.pumping = false;
      // Something may have been queued while the loop was finishing.
      if (!this.closed && this.nextIndex() !== -1) this.pump();
    });
  }

  async run() {
    for (;;) {
      const index = this.nextIndex();
      if (index === -1) return;
      const [item] = this.queue.splice(index, 1);

      if (item.cleanup) {
        if (this.owner === item.handlerId) await this.resetSession(`connection #${item.handlerId} closed`);
        item.resolve();
        continue;
      }
      if (item.message[0] === MSG_TERMINATE) {
        if (this.owner === item.handlerId) await this.resetSession(`connection #${item.handlerId} terminated`);
        item.resolve(0);
        continue;
      }

      if (this.owner !== item.handlerId) {
        this.owner = item.handlerId;
        this.ownerSince = Date.now();
      }
      const scanner = new ReadyForQueryScanner();
      let bytes = 0;
      try {
        await this.db.runExclusive(() =>
          this.db.execProtocolRawStream(item.message, {
            onRawData: (data) => {
              bytes += data.length;
              scanner.push(data);
              item.onData(data);
            },
          }),
        );
      } catch (err) {
        this.log(`query from connection #${item.handlerId} failed inside PGlite: ${err?.message ?? err}`);
        item.reject(err);
        await this.resetSession('after an internal error');
        continue;
      }
      if (scanner.status === 'I') this.owner = null; // batch / transaction finished
      item.resolve(bytes);
    }
  }

  /** End any half-sent extended query and roll back any open transaction. */
  async resetSession(reason) {
    try {
      await this.db.runExclusive(async () => {
        await this.db.execProtocolRawStream(SYNC, { onRawData: () => {} });
        if (this.db.isInTransaction()) {
          this.log(`rolling back an open transaction (${reason})`);
          const sql = Buffer.from('ROLLBACK\0');
          const msg = Buffer.alloc(5 + sql.length);
          msg[0] = 0x51; // 'Q'
          msg.writeInt32BE(4 + sql.length, 1);
          sql.copy(msg, 5);
          await this.db.execProtocolRawStream(new Uint8Array(msg), { onRawData: () => {} });
        }
      });
    } catch (err) {
      this.log(`could not reset the session (${reason}): ${err?.message ?? err}`);
    } finally {
      this.owner = null;
    }
  }
}

/**
 * Start PGlite on `dataDir` and serve it on host:port (port 0 = any free port).
 * Returns { host, port, url(database), stop() }.
 */
export async function startPgliteServer({ dataDir, host = '127.0.0.1', port = 0, log = () => {} }) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');

  // Contrib extensions an app commonly asks for with CREATE EXTENSION (TypeORM's uuid
  // columns use uuid-ossp); they are only made available here, not created.
  const extensions = {};
  for (const name of ['uuid_ossp', 'pgcrypto', 'citext', 'pg_trgm']) {
    const mod = await import(`@electric-sql/pglite/contrib/${name}`);
    extensions[name] = mod[name];
  }

  fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir, extensions });
  const server = new PGLiteSocketServer({ db, host, port, maxConnections: 256 });
  if (!('queryQueue' in server)) {
    await db.close();
    throw new Error('Unexpected @electric-sql/pglite-socket version (no queryQueue): keep it pinned at the version in package.json');
  }
  const queue = new SessionLockQueue(db, { log });
  server.queryQueue = queue;
  server.addEventListener('error', (event) => log(`socket error: ${event.detail?.message ?? event.detail}`));
  await server.start();

  const actualPort = Number(server.getServerConn().split(':').pop());
  let stopped = false;
  return {
    host,
    port: actualPort,
    db,
    url: (database = 'postgres') => `postgres://postgres@${host}:${actualPort}/${database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await queue.close();
      await db.close();
    },
  };
}
