/**
 * The printed lines of a PDF (pdf.js): text items grouped by page and baseline, left to right, so a
 * test can tell that something (a phone number) is printed on one line rather than broken over two.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfLines(bytes: Buffer | Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const lines: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    const byBaseline = new Map<number, { x: number; str: string }[]>();
    for (const it of content.items) {
      if (!('str' in it) || !it.str) continue;
      const y = Math.round(it.transform[5]);
      const row = byBaseline.get(y) ?? [];
      row.push({ x: it.transform[4], str: it.str });
      byBaseline.set(y, row);
    }
    for (const y of [...byBaseline.keys()].sort((a, b) => b - a)) {
      lines.push(
        byBaseline
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((r) => r.str)
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
    }
  }
  await doc.destroy();
  return lines;
}
