/**
 * Stored export files (issue 27) in Postgres, the store every api and worker instance shares:
 * `export_files` (one row per requested export) and `export_file_chunks` (its bytes, in order, at
 * most EXPORT_CHUNK_BYTES each). Files are written through {@link ExportFilesStore.writer} and read
 * back one chunk at a time, so neither side ever holds a whole file.
 */
import { Readable, Writable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { EXPORT_FILE_TTL_MS, type ExportFile, type ExportFileStatus, type ExportKind } from '@ironclad/contracts';

/** Largest chunk stored in one row (bytes): 1 MiB. */
export const EXPORT_CHUNK_BYTES = 1024 * 1024;

/** An `export_files` row as selected. */
interface ExportFileRow {
  id: string;
  kind: ExportKind;
  filename: string;
  status: ExportFileStatus;
  rows: number;
  /** bigint, as text. */
  bytes: string;
  requested_by: string | null;
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
  expires_at: Date;
}

/** A stored export with who asked for it. */
export interface StoredExport extends ExportFile {
  requestedBy: string | null;
}

const COLUMNS = `id, kind, filename, status, rows, bytes, requested_by, error, created_at, completed_at, expires_at`;

function toExport(r: ExportFileRow): StoredExport {
  return {
    id: r.id,
    kind: r.kind,
    filename: r.filename,
    status: r.status,
    rows: r.rows,
    bytes: Number(r.bytes),
    createdAt: r.created_at.toISOString(),
    completedAt: r.completed_at?.toISOString() ?? null,
    expiresAt: r.expires_at.toISOString(),
    downloadUrl: r.status === 'done' ? `/api/exports/files/${r.id}/download` : null,
    error: r.error,
    requestedBy: r.requested_by,
  };
}

@Injectable()
export class ExportFilesStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records a requested export (status `queued`), expiring EXPORT_FILE_TTL_MS after `now`. */
  async create(input: { id: string; kind: ExportKind; filename: string; requestedBy: string | null; now: Date }): Promise<StoredExport> {
    const [row] = (await this.dataSource.query(
      `INSERT INTO export_files (id, kind, filename, requested_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [input.id, input.kind, input.filename, input.requestedBy, input.now, new Date(input.now.getTime() + EXPORT_FILE_TTL_MS)],
    )) as ExportFileRow[];
    return toExport(row!);
  }

  /** The stored export `id`, or null. */
  async find(id: string): Promise<StoredExport | null> {
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM export_files WHERE id = $1`, [id])) as ExportFileRow[];
    return row ? toExport(row) : null;
  }

  /**
   * Starts (or restarts) writing export `id`: status `running`, no rows, and any chunks an earlier,
   * interrupted attempt left are deleted, in one transaction.
   */
  async restart(id: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM export_file_chunks WHERE export_file_id = $1`, [id]);
      await m.query(`UPDATE export_files SET status = 'running', rows = 0, bytes = 0, error = NULL, completed_at = NULL WHERE id = $1`, [
        id,
      ]);
    });
  }

  /** Marks export `id` done with its row and byte counts. */
  async finish(id: string, rows: number, bytes: number): Promise<void> {
    await this.dataSource.query(`UPDATE export_files SET status = 'done', rows = $2, bytes = $3, completed_at = now() WHERE id = $1`, [
      id,
      rows,
      bytes,
    ]);
  }

  /** Marks export `id` failed for good, dropping what was written of its file. */
  async fail(id: string, error: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`DELETE FROM export_file_chunks WHERE export_file_id = $1`, [id]);
      await m.query(`UPDATE export_files SET status = 'failed', error = $2, completed_at = now() WHERE id = $1`, [id, error.slice(0, 500)]);
    });
  }

  /** Deletes every export whose expiry is before `now` (their chunks go with them). @returns how many. */
  async deleteExpired(now = new Date()): Promise<number> {
    const [row] = (await this.dataSource.query(
      `WITH deleted AS (DELETE FROM export_files WHERE expires_at < $1 RETURNING id) SELECT count(*)::int AS n FROM deleted`,
      [now],
    )) as { n: number }[];
    return row?.n ?? 0;
  }

  /**
   * A sink that stores the bytes written to it as the chunks of export `id`, EXPORT_CHUNK_BYTES at
   * a time (one INSERT per chunk; the stream waits for it, so a slow database slows the writer
   * rather than filling memory). The bytes are copied into one buffer of EXPORT_CHUNK_BYTES,
   * reused for every chunk once its INSERT is done, so the many small buffers the CSV writer
   * hands over die young instead of waiting, promoted, for a full collection (issue 27 point 4).
   * `bytes()` is the total written.
   */
  writer(id: string): Writable & { bytes(): number } {
    const ds = this.dataSource;
    const chunk = Buffer.allocUnsafe(EXPORT_CHUNK_BYTES);
    let used = 0;
    let seq = 0;
    let total = 0;
    const flush = async () => {
      if (!used) return;
      const data = chunk.subarray(0, used);
      await ds.query(`INSERT INTO export_file_chunks (export_file_id, seq, data) VALUES ($1, $2, $3)`, [id, seq++, data]);
      used = 0;
    };
    /** Copies `input` in from `from`; flushes each time the chunk fills. */
    const take = async (input: Buffer, from: number): Promise<void> => {
      for (let at = from; at < input.length;) {
        const n = input.copy(chunk, used, at);
        used += n;
        at += n;
        if (used === EXPORT_CHUNK_BYTES) await flush();
      }
    };
    const sink = new Writable({
      write(input: Buffer, _enc, done) {
        total += input.length;
        // the common case: it fits, nothing to wait for
        if (used + input.length < EXPORT_CHUNK_BYTES) {
          used += input.copy(chunk, used);
          return done();
        }
        take(input, 0).then(() => done(), done);
      },
      final(done) {
        flush().then(() => done(), done);
      },
    });
    return Object.assign(sink, { bytes: () => total });
  }

  /** The bytes of export `id`, read one stored chunk at a time as the consumer asks for them. */
  reader(id: string): Readable {
    const ds = this.dataSource;
    let seq = 0;
    return new Readable({
      read() {
        ds.query(`SELECT data FROM export_file_chunks WHERE export_file_id = $1 AND seq = $2`, [id, seq++]).then(
          (rows: { data: Buffer }[]) => this.push(rows[0]?.data ?? null),
          (err: Error) => this.destroy(err),
        );
      },
    });
  }
}
