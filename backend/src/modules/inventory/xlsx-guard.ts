/**
 * Checks of an uploaded workbook before any spreadsheet code reads it (hostile files): the name
 * and signature (.xlsx only; an .xls gets "save it as .xlsx"), then the zip's central directory
 * through yauzl, without expanding anything: entry count, total uncompressed size, encryption,
 * compression methods, the parts an .xlsx must have. Then two checks that make the streaming
 * reader (exceljs reads the local headers in file order) see exactly what the central directory
 * declared: the entries tile the file with no hidden bytes between them, and each entry inflates
 * to exactly its declared size (yauzl stops an entry at its declared size, so this bounded pass
 * never expands more than the limit already accepted).
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { ErrorCode, INVENTORY_IMPORT_LIMITS } from '@ironclad/contracts';
import { ApiError } from '../../platform/http/api-error.js';

/** Limits of one check (the product's are INVENTORY_IMPORT_LIMITS). */
export interface XlsxLimits {
  maxZipEntries: number;
  maxUncompressedBytes: number;
}

const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** Stored and deflated: the methods of every .xlsx writer. */
const COMPRESSION_METHODS = new Set([0, 8]);
/** Bytes a data descriptor may take after an entry's data (with/without signature, zip64). */
const DESCRIPTOR_SIZES = new Set([12, 16, 20, 24]);

export const XLS_MESSAGE =
  'This is an .xls file (Excel 97-2003), which is not read here: open it in Excel, save it as .xlsx (Excel Workbook) and upload that file.';

const bad = (message: string) => new ApiError(400, ErrorCode.ValidationFailed, message);
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Throws a 400 with a clear message unless `buffer` (named `fileName`) is an .xlsx workbook within
 * `limits`. Nothing is parsed as a spreadsheet here.
 */
export async function assertSafeXlsx(buffer: Buffer, fileName: string, limits: XlsxLimits = INVENTORY_IMPORT_LIMITS): Promise<void> {
  if (buffer.length === 0) throw bad('The file is empty.');
  const name = fileName.trim().toLowerCase();
  if (buffer.subarray(0, 8).equals(OLE2_SIGNATURE) || name.endsWith('.xls')) throw bad(XLS_MESSAGE);
  if (!name.endsWith('.xlsx')) throw bad(`Only .xlsx workbooks can be imported ("${fileName || 'the file'}" is not one).`);
  const head = buffer.subarray(0, 4);
  if (head.equals(EMPTY_ZIP_SIGNATURE)) throw bad('The workbook is empty: the .xlsx file holds no sheet.');
  if (!head.equals(ZIP_SIGNATURE)) {
    throw bad('The file is not an .xlsx workbook (an .xlsx is a zip archive; this one is not — a text or CSV file renamed?).');
  }

  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
  } catch (err) {
    throw bad(`The file is not a readable .xlsx workbook (damaged zip: ${(err as Error).message}).`);
  }
  try {
    // Where the central directory starts: yauzl's entry cursor before the first entry is read.
    const centralDirectoryOffset = Number(zip.readEntryCursor);
    if (zip.entryCount > limits.maxZipEntries) {
      throw bad(`The workbook has ${zip.entryCount} parts; a workbook has about a dozen and at most ${limits.maxZipEntries} are read.`);
    }
    const entries: yauzl.Entry[] = [];
    let total = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        total += entry.uncompressedSize;
        if (total > limits.maxUncompressedBytes) {
          throw bad(
            `The workbook would expand to more than ${mb(limits.maxUncompressedBytes)} (a zip bomb?); it was refused without being expanded.`,
          );
        }
        if (entry.isEncrypted()) throw bad('The workbook is encrypted (password-protected): save an unprotected copy and upload it.');
        if (!COMPRESSION_METHODS.has(entry.compressionMethod)) {
          throw bad(`The workbook uses an unsupported compression method (${entry.compressionMethod}).`);
        }
        entries.push(entry);
      }
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw bad(`The file is not a readable .xlsx workbook (damaged zip: ${(err as Error).message}).`);
    }
    const names = new Set(entries.map((e) => e.fileName));
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
      throw bad('The zip is not an Excel workbook (it has no xl/workbook.xml): save the sheet as .xlsx and upload it.');
    }
    if (![...names].some((n) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))) throw bad('The workbook is empty: it has no worksheet.');
    await assertTiled(zip, entries, centralDirectoryOffset);
    await assertDeclaredSizes(zip, entries);
  } finally {
    zip.close();
  }
}

/** Every byte before the central directory belongs to a listed entry (nothing hidden for a streaming reader). */
async function assertTiled(zip: yauzl.ZipFile, entries: readonly yauzl.Entry[], centralDirectoryOffset: number): Promise<void> {
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let expected = 0;
  for (const entry of sorted) {
    if (entry.relativeOffsetOfLocalHeader !== expected) throw damaged('bytes outside the listed entries');
    const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true }).catch((err: Error) => {
      throw damaged(err.message);
    });
    const end = fileDataStart + entry.compressedSize;
    expected = end;
    // A data descriptor may follow the data (general purpose flag bit 3).
    if (entry.generalPurposeBitFlag & 0x8) {
      const next = sorted[sorted.indexOf(entry) + 1]?.relativeOffsetOfLocalHeader ?? centralDirectoryOffset;
      if (!DESCRIPTOR_SIZES.has(next - end)) throw damaged('bytes outside the listed entries');
      expected = next;
    }
  }
  if (expected !== centralDirectoryOffset) throw damaged('bytes outside the listed entries');
}

/** Each entry inflates to exactly its declared size (yauzl stops and fails past it). */
async function assertDeclaredSizes(zip: yauzl.ZipFile, entries: readonly yauzl.Entry[]): Promise<void> {
  for (const entry of entries) {
    try {
      const stream = await zip.openReadStreamPromise(entry);
      await pipeline(stream, new Writable({ write: (_chunk, _enc, done) => done() }));
    } catch (err) {
      throw damaged(`${entry.fileName}: ${(err as Error).message}`);
    }
  }
}

const damaged = (detail: string) => bad(`The file is not a readable .xlsx workbook (damaged zip: ${detail}).`);
