/**
 * A page compressed once and served many times, each time with its own CSP nonce.
 *
 * Every served page carries the response's nonce (security-headers.ts) in a few places, which
 * would force a full recompression per request. Instead the page is compressed once with a slot
 * where each nonce goes, and a response is assembled from the compressed pieces and the nonce
 * bytes written as uncompressed blocks, which both formats allow between compressed ones:
 *
 * - gzip: each piece between slots is raw DEFLATE ending in a sync flush (byte-aligned, not
 *   final); a nonce is a stored block; the last piece is final. The CRC-32 of the whole page is
 *   combined from the pieces' precomputed CRCs ({@link crc32Combine}), so no page byte is read
 *   per request.
 * - br: one Brotli stream over the page with each nonce slot filled by placeholder bytes, flushed
 *   before and after each slot; the slot's compressed output is replaced by an uncompressed
 *   meta-block of the same length holding the nonce. This is exact because positions do not move
 *   (the nonce and its placeholder have the same length), no copy can reach a placeholder byte
 *   (each placeholder is made of control bytes the page never contains, with no two-byte sequence
 *   repeated anywhere, so the encoder finds no match on them and emits them as literals, which
 *   leave the distance cache alone), and literal context modelling is off (the literal after a
 *   slot would otherwise be decoded in the context of the nonce's last bytes rather than the
 *   placeholder's).
 *
 * Brotli at quality 11 takes a few hundred ms on the thread pool: until it is ready a
 * br-accepting client gets gzip.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

/** Length of a CSP nonce as security-headers.ts makes it (16 random bytes in base64), in bytes. */
export const NONCE_LENGTH = 24;

/** Encodings a page is served in. */
export type PageEncoding = 'br' | 'gzip' | 'identity';

/**
 * The 23 byte values the placeholders are made of: C0 control bytes that HTML text never contains
 * (tab, line feed, form feed and carriage return excluded). 23 is prime, which makes the
 * placeholder of slot `i` (start `i`, stride `i + 1`) walk every value once and never repeat a
 * two-byte sequence of another slot.
 */
const PLACEHOLDER_BYTES = [...Array.from({ length: 8 }, (_, i) => 0x01 + i), ...Array.from({ length: 15 }, (_, i) => 0x0e + i)];
const MAX_SLOTS = PLACEHOLDER_BYTES.length - 1;

/** The placeholder of slot `slot`: NONCE_LENGTH bytes, unique two-byte sequences across slots. */
function placeholder(slot: number): Buffer {
  const m = PLACEHOLDER_BYTES.length;
  return Buffer.from(Array.from({ length: NONCE_LENGTH }, (_, k) => PLACEHOLDER_BYTES[(slot + k * (slot + 1)) % m]!));
}

// ── CRC-32 combination (zlib's crc32_combine_gen / crc32_combine_op, reflected polynomial) ──

const POLY = 0xedb88320;

/** a(x) · b(x) modulo the CRC-32 polynomial (reflected bit order). */
function multModP(a: number, b: number): number {
  let m = 1 << 31;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) modulo the polynomial. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 1 << 30; // x^1
  table.push(p >>> 0);
  for (let k = 1; k < 32; k++) table.push((p = multModP(p, p)));
  return table;
})();

/** The operator that appends `length` bytes to a CRC ({@link crc32Combine}'s `op`). */
export function crc32CombineOp(length: number): number {
  let p = (1 << 31) >>> 0; // x^0
  let k = 3; // x^(8·length)
  for (let n = length; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) p = multModP(X2N[k & 31]!, p);
  }
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and {@link crc32CombineOp}(length of B). */
export function crc32Combine(crcA: number, crcB: number, op: number): number {
  return (multModP(op, crcA) ^ crcB) >>> 0;
}

// ── the compressed page ──

/** Gzip member header: magic, DEFLATE, no flags, no mtime, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

/** A DEFLATE stored block header (not final) for NONCE_LENGTH bytes: BTYPE 00, LEN, NLEN. */
const DEFLATE_STORED_NONCE = Buffer.from([0x00, NONCE_LENGTH & 0xff, NONCE_LENGTH >> 8, ~NONCE_LENGTH & 0xff, (~NONCE_LENGTH >> 8) & 0xff]);

/**
 * A Brotli uncompressed meta-block header (not last) for NONCE_LENGTH bytes: ISLAST 0, MNIBBLES 4
 * (code 0), MLEN − 1 in 16 bits, ISUNCOMPRESSED 1, zero padding to the byte boundary.
 */
const BROTLI_UNCOMPRESSED_NONCE = (() => {
  const bits = ((NONCE_LENGTH - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff]);
})();

interface GzipPieces {
  /** Raw DEFLATE of each piece of text between slots (the last one final). */
  deflated: Buffer[];
  /** CRC-32 of each piece. */
  crcs: number[];
  /** crc32CombineOp of each piece's length. */
  ops: number[];
}

/**
 * One page (its HTML with `slotMarker` where each nonce goes) ready to be served in every
 * encoding: build with {@link CompressedPage.create}, answer with {@link CompressedPage.body}.
 */
export class CompressedPage {
  /** Strong ETag of each encoding (the page without its nonce, plus the encoding). */
  readonly etags: Record<PageEncoding, string>;
  private brotli: Buffer[] | null = null;
  /** Settles when the Brotli pieces are ready (never rejects: without them br clients get gzip). */
  readonly brotliReady: Promise<void>;

  private constructor(
    private readonly pieces: Buffer[],
    private readonly gzip: GzipPieces,
    private readonly totalLength: number,
    onBrotliError: (err: unknown) => void,
  ) {
    const hash = createHash('sha256');
    for (const p of pieces) hash.update(p).update('\0');
    const digest = hash.digest('base64url').slice(0, 27);
    this.etags = { br: `"${digest}-br"`, gzip: `"${digest}-gz"`, identity: `"${digest}"` };
    this.brotliReady = compressBrotliPieces(pieces).then(
      (b) => {
        this.brotli = b;
      },
      (err: unknown) => onBrotliError(err),
    );
  }

  /**
   * Compresses `html` once, where every `slotMarker` is a place for the response's nonce. The gzip
   * pieces are made at once; Brotli follows on the thread pool.
   * @throws Error when the page holds a placeholder byte (a C0 control byte other than white
   *   space) or more than 22 slots: such a page cannot be served this way.
   */
  static create(html: string, slotMarker: string, onBrotliError: (err: unknown) => void = () => undefined): CompressedPage {
    const pieces = html.split(slotMarker).map((s) => Buffer.from(s, 'utf8'));
    if (pieces.length - 1 > MAX_SLOTS) throw new Error(`a page has at most ${MAX_SLOTS} nonce slots, this one ${pieces.length - 1}`);
    const forbidden = new Set(PLACEHOLDER_BYTES);
    if (pieces.some((p) => p.some((byte) => forbidden.has(byte)))) throw new Error('the page holds a control byte used by the nonce slots');
    const deflated = pieces.map((p, i) =>
      zlib.deflateRawSync(p, { level: 9, finishFlush: i === pieces.length - 1 ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH }),
    );
    const gzip = { deflated, crcs: pieces.map((p) => zlib.crc32(p)), ops: pieces.map((p) => crc32CombineOp(p.length)) };
    const totalLength = pieces.reduce((n, p) => n + p.length, 0) + (pieces.length - 1) * NONCE_LENGTH;
    return new CompressedPage(pieces, gzip, totalLength, onBrotliError);
  }

  /** Whether the Brotli pieces are ready (until then {@link encodingFor} never picks br). */
  get hasBrotli(): boolean {
    return this.brotli !== null;
  }

  /**
   * The encoding to answer with, given what the client accepts in order of preference
   * (`accepts(...)` as Express's `req.acceptsEncodings`): br when ready, else gzip, else identity.
   */
  encodingFor(accepts: (...encodings: string[]) => string | false): PageEncoding {
    const offered = this.brotli ? ['br', 'gzip', 'identity'] : ['gzip', 'identity'];
    const pick = accepts(...offered);
    return pick === 'br' || pick === 'gzip' ? pick : 'identity';
  }

  /**
   * The page's bytes in `encoding` with `nonce` in every slot.
   * @param nonce exactly NONCE_LENGTH ASCII characters.
   * @throws Error for a nonce of another length, or br before {@link hasBrotli}.
   */
  body(encoding: PageEncoding, nonce: string): Buffer {
    const n = Buffer.from(nonce, 'latin1');
    if (n.length !== NONCE_LENGTH) throw new Error(`a nonce is ${NONCE_LENGTH} bytes, not ${n.length}`);
    if (encoding === 'identity') return Buffer.concat(interleave(this.pieces, n), this.totalLength);
    if (encoding === 'br') {
      if (!this.brotli) throw new Error('the Brotli pieces are not ready');
      return Buffer.concat(interleave(this.brotli, Buffer.concat([BROTLI_UNCOMPRESSED_NONCE, n])));
    }
    const { deflated, crcs, ops } = this.gzip;
    const nonceCrc = zlib.crc32(n);
    const nonceOp = crc32CombineOp(NONCE_LENGTH);
    let crc = crcs[0]!;
    for (let i = 1; i < crcs.length; i++) crc = crc32Combine(crc32Combine(crc, nonceCrc, nonceOp), crcs[i]!, ops[i]!);
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE(this.totalLength % 2 ** 32, 4);
    return Buffer.concat([GZIP_HEADER, ...interleave(deflated, Buffer.concat([DEFLATE_STORED_NONCE, n])), trailer]);
  }
}

/** `pieces` with `between` between each two. */
function interleave(pieces: Buffer[], between: Buffer): Buffer[] {
  const out: Buffer[] = [];
  pieces.forEach((p, i) => {
    if (i > 0) out.push(between);
    out.push(p);
  });
  return out;
}

/**
 * One Brotli stream over `pieces` with a placeholder in each slot, cut at the flushes around the
 * slots: the compressed pieces (the slots' own output dropped; the last piece ends the stream).
 */
function compressBrotliPieces(pieces: Buffer[]): Promise<Buffer[]> {
  const total = pieces.reduce((n, p) => n + p.length, 0) + (pieces.length - 1) * NONCE_LENGTH;
  const encoder = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: total,
    },
  });
  let current: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => current.push(chunk));
  /** Writes `data`, flushes (or ends the stream) and answers the output it produced. */
  const step = (data: Buffer, end: boolean) =>
    new Promise<Buffer>((resolve, reject) => {
      const take = () => {
        const out = Buffer.concat(current);
        current = [];
        resolve(out);
      };
      encoder.once('error', reject);
      if (end) {
        encoder.once('end', take);
        encoder.end(data);
      } else {
        encoder.write(data);
        encoder.flush(zlib.constants.BROTLI_OPERATION_FLUSH, () => {
          encoder.removeListener('error', reject);
          take();
        });
      }
    });
  return (async () => {
    const out: Buffer[] = [];
    for (let i = 0; i < pieces.length; i++) {
      const last = i === pieces.length - 1;
      out.push(await step(pieces[i]!, last));
      if (!last) await step(placeholder(i), false); // the slot's own output is replaced per response
    }
    return out;
  })();
}
