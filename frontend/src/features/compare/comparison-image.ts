/**
 * Draws the comparison as a 1200×800 PNG in the browser (canvas) and saves it as
 * `{product}-comparison.png` (public-site.md §2 "Compare services page"), where `{product}` is
 * the ids of the compared services joined by '-', e.g. `residential-business-comparison.png`.
 */
import { COMPARISON_FEATURES, cellText, type ComparisonService } from './comparison-data';

/** Size of the image in pixels (spec §2). */
export const COMPARISON_IMAGE_SIZE = { width: 1200, height: 800 } as const;

/** File name of the download. */
export function comparisonFileName(services: readonly ComparisonService[]): string {
  return `${services.map((s) => s.id).join('-')}-comparison.png`;
}

/** Draws the table on a new canvas. */
export function drawComparison(services: readonly ComparisonService[], companyName: string): HTMLCanvasElement {
  const { width, height } = COMPARISON_IMAGE_SIZE;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  const font = (size: number, weight = 400) => `${weight} ${size}px system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif`;

  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#0a1d34';
  ctx.fillRect(0, 0, width, 90);
  ctx.fillStyle = '#ffffff';
  ctx.font = font(30, 700);
  ctx.textBaseline = 'middle';
  ctx.fillText('Security Services Comparison', 40, 45);
  ctx.font = font(18);
  ctx.textAlign = 'right';
  ctx.fillText(companyName, width - 40, 45);
  ctx.textAlign = 'left';

  const labelWidth = 360;
  const colWidth = (width - 80 - labelWidth) / Math.max(services.length, 1);
  const top = 110;
  services.forEach((s, i) => {
    const x = 40 + labelWidth + i * colWidth;
    ctx.fillStyle = s.color;
    ctx.fillRect(x + 6, top, colWidth - 12, 80);
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.font = font(19, 700);
    ctx.fillText(s.name, x + colWidth / 2, top + 28, colWidth - 20);
    ctx.font = font(17);
    ctx.fillText(s.price, x + colWidth / 2, top + 56, colWidth - 20);
  });

  const rowHeight = (height - top - 100 - 40) / COMPARISON_FEATURES.length;
  COMPARISON_FEATURES.forEach((f, r) => {
    const y = top + 100 + r * rowHeight;
    if (r % 2 === 0) {
      ctx.fillStyle = '#eef4fb';
      ctx.fillRect(40, y, width - 80, rowHeight);
    }
    ctx.textAlign = 'left';
    ctx.fillStyle = '#0a1d34';
    ctx.font = font(17, 600);
    ctx.fillText(f.name, 56, y + rowHeight / 2, labelWidth - 24);
    services.forEach((s, i) => {
      const v = f.values[s.id];
      const x = 40 + labelWidth + i * colWidth + colWidth / 2;
      ctx.textAlign = 'center';
      if (typeof v === 'boolean') {
        ctx.fillStyle = v ? '#1f7a3d' : '#b42318';
        ctx.font = font(22, 700);
        ctx.fillText(v ? '✓' : '✗', x, y + rowHeight / 2);
      } else {
        ctx.fillStyle = '#0a1d34';
        ctx.font = font(17);
        ctx.fillText(cellText(v), x, y + rowHeight / 2, colWidth - 20);
      }
    });
  });
  ctx.textAlign = 'left';
  ctx.fillStyle = '#54657c';
  ctx.font = font(14);
  ctx.fillText('Prices are starting prices. Free on-site consultation and written quote.', 40, height - 20);
  return canvas;
}

/** Renders the PNG and starts its download. */
export async function downloadComparison(services: readonly ComparisonService[], companyName: string): Promise<void> {
  const canvas = drawComparison(services, companyName);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = comparisonFileName(services);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
