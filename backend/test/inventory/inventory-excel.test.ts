/**
 * Excel export and import of the catalogue on the real api (staff-side.md §7, §9): the export's
 * layout, dry run vs apply (one transaction, all or nothing), header matching, ignored columns,
 * formula cells by their cached value, export → import = 0 changes, and every hostile file built
 * here: a zip bomb, sizes that lie, too many parts, a renamed text file, an .xls, an oversized
 * upload, too many rows, a cell too long, an empty workbook, no data rows, merged or missing
 * headers, a missing required column. None of them writes anything.
 */
import { deflateRawSync } from 'node:zlib';
import type { NestExpressApplication } from '@nestjs/platform-express';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { INVENTORY_COLUMNS, type InventoryItem } from '@ironclad/contracts';
import { createApp } from '../../src/app/create-api.js';
import { ADMIN, seedUsers, signIn } from '../auth/support.js';
import { createTestDatabase, type TestDatabase } from '../support/test-db.js';
import { flushRedisPrefix, testEnv } from '../support/test-env.js';

let db: TestDatabase;
let app: NestExpressApplication;
let admin: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp(testEnv(db), { logger: false });
  await app.init();
  await seedUsers(app);
  admin = await signIn(app, ADMIN);
});

afterAll(async () => {
  await app?.close();
  await flushRedisPrefix(db.queuePrefix);
  await db?.drop();
});

const http = () => request(app.getHttpServer());
const HEADERS = Object.values(INVENTORY_COLUMNS);
const upload = (file: Buffer, name = 'inventory.xlsx', dryRun = false) =>
  http()
    .post(`/api/inventory/upload-excel${dryRun ? '?dryRun=true' : ''}`)
    .set('Cookie', admin)
    .attach('excel', file, name);
/** A snapshot of the table, to prove that nothing was written. */
const snapshot = () => app.get(DataSource).query(`SELECT * FROM inventory ORDER BY id`);
const list = async (): Promise<InventoryItem[]> => (await http().get('/api/inventory').set('Cookie', admin).expect(200)).body;

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const exportFile = async (): Promise<Buffer> =>
  (await http().get('/api/inventory/export-excel').set('Cookie', admin).buffer(true).parse(binary).expect(200)).body as Buffer;

/** Reads a workbook (exceljs types its argument as the ArrayBuffer-backed Buffer only). */
async function loadWorkbook(file: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(new Uint8Array(file).buffer as unknown as Parameters<typeof wb.xlsx.load>[0]);
  return wb;
}

/** A workbook with one sheet: `rows[0]` is the header row. */
async function workbook(rows: unknown[][], edit?: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  edit?.(ws);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const row = (sku: string, price: number | string, over: Partial<Record<string, unknown>> = {}) => {
  const v: Record<string, unknown> = {
    SKU: sku,
    Category: 'cameras',
    Name: `Camera ${sku}`,
    Description: null,
    Manufacturer: 'Acme',
    Model: sku,
    'Unit Price (USD)': price,
    'Unit Cost (USD)': null,
    'Labour Hours': 1,
    Active: true,
    'Specifications (JSON)': null,
    ...over,
  };
  return HEADERS.map((h) => v[h]);
};

describe('GET /api/inventory/export-excel', () => {
  it('answers inventory-export.xlsx: one sheet, fixed headers, dollars with a currency format, frozen header, auto filter, widths', async () => {
    const res = await http().get('/api/inventory/export-excel').set('Cookie', admin).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="inventory-export.xlsx"');
    const wb = await loadWorkbook(res.body as Buffer);
    expect(wb.worksheets).toHaveLength(1);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    expect(ws.getColumn(3).width).toBeGreaterThan(20);
    const items = await list();
    expect(ws.rowCount).toBe(items.length + 1);
    const turret = ws.getRows(2, items.length)!.find((r) => r.getCell(1).value === 'CAM-TURRET-4K')!;
    expect(turret.getCell(7).value).toBe(250);
    expect(turret.getCell(7).numFmt).toBe('"$"#,##0.00');
    expect(turret.getCell(8).value).toBe(140);
    expect(turret.getCell(10).value).toBe(true);
    expect(JSON.parse(String(turret.getCell(11).value))).toMatchObject({ resolution: '8MP (3840x2160)' });
  });
});

describe('POST /api/inventory/upload-excel', () => {
  it('export then import gives 0 changes (dry run and apply)', async () => {
    const file = await exportFile();
    const count = (await list()).length;
    const dry = await upload(file, 'inventory-export.xlsx', true).expect(200);
    expect(dry.body.summary).toEqual({ created: 0, updated: 0, unchanged: count, errors: 0 });
    expect(dry.body.ignoredColumns).toEqual([]);
    expect(dry.body.rows.every((r: { action: string }) => r.action === 'unchanged')).toBe(true);
    const before = await snapshot();
    const applied = await upload(file, 'inventory-export.xlsx').expect(200);
    expect(applied.body).toEqual({
      message: `Inventory imported: 0 created, 0 updated, ${count} unchanged.`,
      summary: { created: 0, updated: 0, unchanged: count, errors: 0 },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('plans creates, updates and unchanged rows without writing; apply writes them in one go and audits the summary', async () => {
    const exported = await loadWorkbook(await exportFile());
    const src = exported.worksheets[0]!;
    // headers in another case and spacing, an unknown column, the columns reordered
    const header = ['  sku ', 'NAME', 'category', 'unit price(usd)', 'Notes', 'Specifications (JSON)'];
    const turret = src.getRows(2, src.rowCount - 1)!.find((r) => r.getCell(1).value === 'CAM-TURRET-4K')!;
    const dome = src.getRows(2, src.rowCount - 1)!.find((r) => r.getCell(1).value === 'CAM-DOME-4MP')!;
    const file = await workbook([
      header,
      ['CAM-TURRET-4K', turret.getCell(3).value, 'cameras', 275, 'raise', turret.getCell(11).value],
      ['cam-dome-4mp', dome.getCell(3).value, 'Security Cameras', { formula: '200+25', result: 225 }, null, dome.getCell(11).value],
      ['NEW-CAM-1', 'Thermal Camera', 'cameras', 1999.99, 'new', '{"sensor": "thermal"}'],
    ]);
    const before = await snapshot();
    const dry = await upload(file, 'changes.xlsx', true).expect(200);
    expect(dry.body).toEqual({
      summary: { created: 1, updated: 1, unchanged: 1, errors: 0 },
      ignoredColumns: ['Notes'],
      rows: [
        { row: 2, sku: 'CAM-TURRET-4K', action: 'update', changes: [{ column: 'Unit Price (USD)', from: 250, to: 275 }] },
        { row: 3, sku: 'CAM-DOME-4MP', action: 'unchanged' },
        { row: 4, sku: 'NEW-CAM-1', action: 'create' },
      ],
    });
    expect(await snapshot()).toEqual(before);

    const applied = await upload(file, 'changes.xlsx').expect(200);
    expect(applied.body.message).toBe('Inventory imported: 1 created, 1 updated, 1 unchanged. Ignored columns: Notes.');
    const items = await list();
    expect(items.find((i) => i.sku === 'CAM-TURRET-4K')).toMatchObject({ unitPrice: 27_500, manufacturer: 'Hanwha Vision' });
    expect(items.find((i) => i.sku === 'NEW-CAM-1')).toMatchObject({
      unitPrice: 199_999,
      isActive: true,
      labourHours: 0,
      specifications: { sensor: 'thermal' },
    });
    const [entry] = await app
      .get(DataSource)
      .query(`SELECT user_email, details FROM audit_log WHERE action = 'inventory.imported' ORDER BY id DESC LIMIT 1`);
    expect(entry).toMatchObject({
      user_email: ADMIN.email,
      details: { fileName: 'changes.xlsx', summary: { created: 1, updated: 1, unchanged: 1, errors: 0 }, created: ['NEW-CAM-1'] },
    });
  });

  it('reports each bad cell with its column and cell reference; apply then writes nothing at all', async () => {
    const file = await workbook([
      HEADERS,
      row('OK-1', 10),
      row('BAD-1', -5, { Category: 'drones' }),
      row('BAD-2', '12.345', { 'Specifications (JSON)': '{not json', Active: 'maybe' }),
      row('OK-1', 11),
      row('BAD-3', { formula: 'A1*2' } as unknown as number),
      row('', 10),
    ]);
    const dry = await upload(file, 'bad.xlsx', true).expect(200);
    expect(dry.body.summary).toEqual({ created: 1, updated: 0, unchanged: 0, errors: 5 });
    const rows = dry.body.rows as { row: number; action: string; errors?: { column: string; cell: string; message: string }[] }[];
    expect(rows[1]!.errors).toEqual([
      { column: 'Category', cell: 'B3', message: expect.stringMatching(/one of cameras, nvr/) },
      { column: 'Unit Price (USD)', cell: 'G3', message: 'Cannot be negative.' },
    ]);
    expect(rows[2]!.errors!.map((e) => e.cell)).toEqual(['G4', 'J4', 'K4']);
    expect(rows[3]!.errors).toEqual([{ column: 'SKU', cell: 'A5', message: 'SKU OK-1 is already on row 2.' }]);
    expect(rows[4]!.errors).toEqual([
      { column: 'Unit Price (USD)', cell: 'G6', message: expect.stringMatching(/formula without a saved value/) },
    ]);
    expect(rows[5]!.errors).toEqual([{ column: 'SKU', cell: 'A7', message: 'SKU is required.' }]);

    const before = await snapshot();
    const applied = await upload(file, 'bad.xlsx').expect(400);
    expect(applied.body.message).toBe('5 rows have errors (rows 3, 4, 5, 6, 7); nothing was imported. Run a dry run to see them.');
    expect(applied.body.details.fieldErrors.G3).toEqual(['Unit Price (USD): Cannot be negative.']);
    expect(await snapshot()).toEqual(before);
  });
});

describe('hostile and unusable files: a clear 400 (413 past 5 MB), nothing written', () => {
  let before: unknown;
  beforeAll(async () => {
    before = await snapshot();
  });
  afterAll(async () => {
    expect(await snapshot()).toEqual(before);
  });

  const refused = async (file: Buffer, name: string, message: RegExp, status = 400) => {
    for (const dryRun of [true, false]) {
      const res = await upload(file, name, dryRun).expect(status);
      expect(res.body.message).toMatch(message);
    }
  };

  it('a zip bomb is refused from its central directory, without being expanded', async () => {
    const zip = await JSZip.loadAsync(await workbook([HEADERS, row('A-1', 1)]));
    zip.file('xl/media/padding.bin', Buffer.alloc(60 * 1024 * 1024));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(bomb, 'bomb.xlsx', /would expand to more than 25 MB \(a zip bomb\?\); it was refused without being expanded/);
  });

  it('an entry whose data inflates past its declared size is refused', async () => {
    // the parts of a real workbook, plus one whose deflate data inflates to 1 MB while both headers claim 7 bytes
    const zip = await JSZip.loadAsync(await workbook([HEADERS, row('A-1', 1)]));
    const parts = await Promise.all(
      Object.values(zip.files)
        .filter((f) => !f.dir)
        .map(async (f) => ({ name: f.name, data: await f.async('nodebuffer'), method: 0 as const })),
    );
    const lying = handMadeZip([
      ...parts,
      { name: 'xl/lie.bin', data: deflateRawSync(Buffer.alloc(1024 * 1024)), method: 8, declaredSize: 7 },
    ]);
    await refused(lying, 'lying.xlsx', /damaged zip/);
  });

  it('a zip of too many parts is refused', async () => {
    const zip = await JSZip.loadAsync(await workbook([HEADERS, row('A-1', 1)]));
    for (let i = 0; i < 120; i++) zip.file(`xl/extra/part${i}.xml`, '<x/>');
    await refused(await zip.generateAsync({ type: 'nodebuffer' }), 'parts.xlsx', /has 1\d\d parts.*at most 100/);
  });

  it('a renamed text file, an .xls (by signature or by name) and another extension are refused', async () => {
    await refused(Buffer.from('SKU,Name\nA-1,Camera\n'), 'inventory.xlsx', /not an \.xlsx workbook.*not a zip|a text or CSV file renamed/);
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    await refused(ole2, 'inventory.xlsx', /\.xls file.*save it as \.xlsx/);
    await refused(ole2, 'inventory.xls', /\.xls file.*save it as \.xlsx/);
    await refused(await workbook([HEADERS, row('A-1', 1)]), 'inventory.ods', /Only \.xlsx workbooks can be imported/);
    await refused(Buffer.alloc(0), 'empty.xlsx', /The file is empty/);
    const docx = new JSZip();
    docx.file('[Content_Types].xml', '<Types/>');
    docx.file('word/document.xml', '<w:document/>');
    await refused(await docx.generateAsync({ type: 'nodebuffer' }), 'letter.xlsx', /not an Excel workbook/);
  });

  it('an upload larger than 5 MB is refused with a 413 before it is read', async () => {
    await refused(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'huge.xlsx', /larger than 5 MB/, 413);
    const res = await http()
      .post('/api/inventory/upload-excel')
      .set('Cookie', admin)
      .attach('file', Buffer.from('x'), 'a.xlsx')
      .expect(400);
    expect(res.body.message).toMatch(/form field "excel"/);
    await http().post('/api/inventory/upload-excel').set('Cookie', admin).field('x', 'y').expect(400);
  });

  it('more than 5,000 data rows, or a cell longer than 10,000 characters, is refused', async () => {
    const rows = [HEADERS, ...Array.from({ length: 5001 }, (_, i) => row(`R-${i}`, 1))];
    await refused(await workbook(rows), 'rows.xlsx', /more than 5,000 data rows/);
    await refused(
      await workbook([HEADERS, row('A-1', 1, { Description: 'x'.repeat(10_001) })]),
      'cell.xlsx',
      /Cell D2 holds more than 10,000 characters/,
    );
  });

  it('an empty workbook, a sheet without a header, a header without data rows are refused', async () => {
    const empty = new ExcelJS.Workbook();
    await refused(Buffer.from(await empty.xlsx.writeBuffer()), 'none.xlsx', /has no worksheet|workbook is empty/);
    await refused(await workbook([]), 'blank.xlsx', /no header row/);
    await refused(await workbook([HEADERS]), 'header-only.xlsx', /header row but no data rows/);
  });

  it('merged or missing header cells, a duplicate column, a missing required column are refused', async () => {
    const merged = await workbook(
      [
        ['SKU', 'Category', '', 'Name', 'Unit Price (USD)'],
        ['A-1', 'cameras', 'x', 'Cam', 1],
      ],
      (ws) => ws.mergeCells('B1:C1'),
    );
    await refused(merged, 'merged.xlsx', /Header cell C1 is empty \(a merged or missing header\)/);
    await refused(
      await workbook([
        ['SKU', 'Category', 'Name', 'Unit Price (USD)'],
        ['A-1', 'cameras', 'Cam', 1, 'stray'],
      ]),
      'stray.xlsx',
      /Cell E2 has a value but its column has no header/,
    );
    await refused(
      await workbook([
        ['SKU', 'Name', 'sku', 'Category', 'Unit Price (USD)'],
        ['A', 'B', 'C', 'cameras', 1],
      ]),
      'dup.xlsx',
      /Column "SKU" appears twice \(A1 and C1\)/,
    );
    await refused(
      await workbook([
        ['SKU', 'Category', 'Name'],
        ['A-1', 'cameras', 'Cam'],
      ]),
      'missing.xlsx',
      /Missing required column "Unit Price \(USD\)"/,
    );
  });
});

/** A zip written byte by byte (for the entry whose headers lie about its size). */
function handMadeZip(entries: { name: string; data: Buffer; method: 0 | 8; declaredSize?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(0, 14); // crc (not checked before the size)
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
