/**
 * The coverage diagram (issue 21 point 3): one SVG plan per floor, generated on the server from
 * a design — the floor outline to scale, the named areas and entry points, each camera's position
 * and field-of-view cone with its DORI bands (EN 62676-4: identify 250 px/m, recognise 125,
 * observe 62, detect 25), a legend and a scale bar; places no camera covers are hatched and
 * labelled. The same SVG serves the web quote, the PDF and the staff view.
 *
 * Accessible: each SVG has role="img", a <title> and a <desc> (what is drawn, each camera's lens,
 * field of view and DORI distances, what is not covered), referenced by aria-labelledby. Every
 * camera's cone is one element of class `camera-cone`; its bands are `dori-band dori-<level>`.
 * Text is escaped. Sizes: the drawing is 800 units wide; plan lengths are feet × a per-design scale.
 */
import {
  DORI_LEVELS,
  DORI_PX_PER_M,
  conePath,
  type AiRecommendation,
  type CameraGeometry,
  type FloorDiagram,
  type FloorPlan,
} from '@ironclad/contracts';
import { designFromPlan, recommendedPlan } from './design-system.js';
import { normalizeDesignInput } from './normalise.js';
import { wholeDollarConfig } from './pricing.js';
import type { DesignConfig, DesignInput } from './types.js';
import { formatInt } from './wording.js';

/** Width of every diagram, drawing units (px at 100 %). */
export const DIAGRAM_WIDTH = 800;
const PAD = 16;
const HEADER = 30;
const LEGEND = 64;
const LABEL_CHARS = 26;

/** Band fills, best level darkest. */
const BAND_FILL: Record<(typeof DORI_LEVELS)[number], { fill: string; opacity: number; label: string }> = {
  identify: { fill: '#1b5e20', opacity: 0.38, label: 'Identify' },
  recognise: { fill: '#2e7d32', opacity: 0.22, label: 'Recognise' },
  observe: { fill: '#43a047', opacity: 0.12, label: 'Observe' },
  detect: { fill: '#81c784', opacity: 0.07, label: 'Detect' },
};

/** Escapes text for SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const r2 = (v: number) => Math.round(v * 100) / 100;
const short = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);
const plural = (n: number, one: string, many = `${one}s`) => `${formatInt(n)} ${n === 1 ? one : many}`;

/** A round length for the scale bar near `target` feet. */
function niceFeet(target: number): number {
  const steps = [5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000];
  return steps.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best), steps[0]!);
}

/** The plan and cameras of a result: stored with it, or (quotes stored before diagrams) laid out again from the input. */
function geometryOf(result: AiRecommendation, input: DesignInput, config: DesignConfig): { plan: FloorPlan; cameras: CameraGeometry[] } {
  if (result.plan && result.cameras) return { plan: result.plan, cameras: result.cameras };
  const n = normalizeDesignInput(input);
  const c = wholeDollarConfig(config);
  const again = designFromPlan(n, c, { ...recommendedPlan(n, c), cameras: Math.max(1, result.projectDetails.totalCameras) });
  return { plan: again.plan!, cameras: again.cameras! };
}

/** One camera's sentence of the description. */
const cameraText = (c: CameraGeometry) =>
  `Camera ${c.id}, ${c.location}: ${c.model}, ${c.lensMm} mm lens, ${Math.round(c.fovDeg)}° field of view, ` +
  `identifies people up to ${Math.round(c.doriFt.identify)} ft, recognises up to ${Math.round(c.doriFt.recognise)} ft, ` +
  `observes up to ${Math.round(c.doriFt.observe)} ft, detects up to ${Math.round(c.doriFt.detect)} ft.`;

/**
 * The coverage diagram of a design, one SVG per floor (1…floors; outdoor cameras and areas are on
 * floor 1's site plan).
 *
 * @param result a design of the engine (designSystem / designOptions); its `plan` and `cameras`
 *   are drawn, or, for a quote stored before they existed, laid out again from `input` and
 *   `config` at the result's camera count
 * @param input the wizard answers the design was made from
 * @param config the configuration it was made with (camera specifications: lens, resolution)
 * @returns one {@link FloorDiagram} per floor, in floor order; never throws
 */
export function coverageDiagram(result: AiRecommendation, input: DesignInput, config: DesignConfig): FloorDiagram[] {
  const { plan, cameras } = geometryOf(result, input, config);
  const m = plan.siteMarginFt;
  const scale = (DIAGRAM_WIDTH - 2 * PAD) / (plan.widthFt + 2 * m);
  const planH = (plan.depthFt + 2 * m) * scale;
  const height = Math.ceil(PAD + HEADER + planH + 12 + LEGEND + PAD);
  const X = (x: number) => r2(PAD + (m + x) * scale);
  const Y = (y: number) => r2(PAD + HEADER + (m + y) * scale);
  const idBase = `cd-${result.option ?? 'design'}`;
  const scaleFt = niceFeet((plan.widthFt + 2 * m) / 5);

  const out: FloorDiagram[] = [];
  for (let floor = 1; floor <= plan.floors; floor++) {
    const id = `${idBase}-f${floor}`;
    const cams = cameras.filter((c) => c.floor === floor);
    const places = plan.places.filter((p) => p.floor === floor);
    const uncovered = places.filter((p) => !p.covered).map((p) => p.name);
    const hasSite = floor === 1;
    const label = hasSite ? (plan.floors > 1 ? 'Floor 1 and site' : 'Floor plan and site') : `Floor ${floor}`;

    const desc = [
      `${label}: ${formatInt(plan.widthFt)} by ${formatInt(plan.depthFt)} ft outline, ${plural(cams.length, 'camera')}.`,
      ...places.filter((p) => p.kind === 'entry').map((p) => `Entry point: ${p.name}.`),
      ...cams.map(cameraText),
      uncovered.length > 0 ? `Not covered: ${uncovered.join(', ')}.` : 'Every place on this floor is covered.',
    ].join(' ');

    const parts: string[] = [];
    parts.push(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${DIAGRAM_WIDTH} ${height}" width="${DIAGRAM_WIDTH}" height="${height}" ` +
        `role="img" aria-labelledby="${id}-title ${id}-desc" class="coverage-diagram" data-floor="${floor}" ` +
        // fonts as inline style, not presentation attributes: a page's stylesheet (a CSS reset's
        // `font: inherit`) overrides attributes, so the drawing would take the page's 16 px text
        `style="font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 11px">`,
      `<title id="${id}-title">${escapeXml(`Coverage plan: ${label}`)}</title>`,
      `<desc id="${id}-desc">${escapeXml(desc)}</desc>`,
      `<defs><clipPath id="${id}-clip"><rect x="${X(-m)}" y="${Y(-m)}" width="${r2((plan.widthFt + 2 * m) * scale)}" height="${r2(planH)}"/></clipPath>` +
        // an indoor camera sees the inside of the building only: its cone stops at the outer walls
        `<clipPath id="${id}-inside"><rect x="${X(0)}" y="${Y(0)}" width="${r2(plan.widthFt * scale)}" height="${r2(plan.depthFt * scale)}"/></clipPath>` +
        `<pattern id="${id}-hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
        `<rect width="8" height="8" fill="#fdecea"/><line x1="0" y1="0" x2="0" y2="8" stroke="#c62828" stroke-width="2"/></pattern></defs>`,
      `<text x="${PAD}" y="${PAD + 16}" style="font-size: 15px; font-weight: 600" fill="#1a202c">${escapeXml(`${label} — ${plural(cams.length, 'camera')}`)}</text>`,
      // site (outdoor ground on floor 1; the frame only on upper floors)
      `<rect class="site" x="${X(-m)}" y="${Y(-m)}" width="${r2((plan.widthFt + 2 * m) * scale)}" height="${r2(planH)}" ` +
        `fill="${hasSite ? '#eef5e9' : '#f7fafc'}" stroke="#cbd5e0"/>`,
      `<rect class="floor-outline" x="${X(0)}" y="${Y(0)}" width="${r2(plan.widthFt * scale)}" height="${r2(plan.depthFt * scale)}" ` +
        `fill="#ffffff" stroke="#2d3748" stroke-width="3"/>`,
    );
    if (hasSite)
      parts.push(
        `<text x="${X(plan.widthFt / 2)}" y="${Y(plan.depthFt + m) - 6}" text-anchor="middle" fill="#4a5568">Front (street side)</text>`,
      );

    // areas
    parts.push('<g class="areas">');
    for (const p of places.filter((q) => q.kind !== 'entry')) {
      const cls = p.covered ? 'area' : 'area uncovered';
      parts.push(
        `<g class="${cls}" data-name="${escapeXml(p.name)}"><title>${escapeXml(p.covered ? p.name : `${p.name} (not covered)`)}</title>` +
          `<rect x="${X(p.x - p.w / 2)}" y="${Y(p.y - p.h / 2)}" width="${r2(p.w * scale)}" height="${r2(p.h * scale)}" ` +
          (p.covered
            ? `fill="none" stroke="#a0aec0" stroke-dasharray="4 3"/>`
            : `fill="url(#${id}-hatch)" fill-opacity="0.6" stroke="#c62828" stroke-width="2" stroke-dasharray="6 3"/>`) +
          `<text x="${X(p.x)}" y="${Y(p.y)}" text-anchor="middle" dominant-baseline="middle" fill="${p.covered ? '#2d3748' : '#b71c1c'}" ` +
          `stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(short(p.name))}</text>` +
          (p.covered
            ? ''
            : `<text x="${X(p.x)}" y="${r2(Y(p.y) + 13)}" text-anchor="middle" fill="#b71c1c" style="font-weight: 600" stroke="#ffffff" stroke-width="3" paint-order="stroke">Not covered</text>`) +
          `</g>`,
      );
    }
    parts.push('</g>');

    // cones and DORI bands, clipped to the drawing (an indoor camera's also to the outline)
    parts.push(`<g class="coverage" clip-path="url(#${id}-clip)">`);
    for (const c of cams) {
      const cx = X(c.x);
      const cy = Y(c.y);
      const bands = [...DORI_LEVELS]
        .reverse()
        .map(
          (level) =>
            `<path class="dori-band dori-${level}" d="${conePath(cx, cy, c.headingDeg, c.fovDeg, c.doriFt[level] * scale)}" ` +
            `fill="${BAND_FILL[level].fill}" fill-opacity="${BAND_FILL[level].opacity}"/>`,
        )
        .join('');
      parts.push(
        `<g class="camera-coverage" data-camera="${c.id}"${c.outdoor ? '' : ` clip-path="url(#${id}-inside)"`}>${bands}` +
          `<path class="camera-cone" data-camera="${c.id}" d="${conePath(cx, cy, c.headingDeg, c.fovDeg, c.doriFt.detect * scale)}" ` +
          `fill="none" stroke="#1565c0" stroke-width="1" stroke-opacity="0.55"/></g>`,
      );
    }
    parts.push('</g>');

    // entry points
    parts.push('<g class="entries">');
    for (const p of places.filter((q) => q.kind === 'entry')) {
      const cls = p.covered ? 'entry' : 'entry uncovered';
      const colour = p.covered ? '#6b46c1' : '#c62828';
      parts.push(
        `<g class="${cls}" data-name="${escapeXml(p.name)}"><title>${escapeXml(p.covered ? `Entry point: ${p.name}` : `Entry point: ${p.name} (not covered)`)}</title>` +
          `<rect x="${X(p.x) - 6}" y="${Y(p.y) - 6}" width="12" height="12" fill="${colour}" stroke="#ffffff" stroke-width="1.5"/>` +
          `<text x="${X(p.x)}" y="${r2(Y(p.y) + (p.y >= plan.depthFt ? 20 : -10))}" text-anchor="middle" fill="${colour}" ` +
          `stroke="#ffffff" stroke-width="3" paint-order="stroke">${escapeXml(short(p.covered ? p.name : `${p.name} (not covered)`))}</text></g>`,
      );
    }
    parts.push('</g>');

    // camera marks on top
    parts.push('<g class="cameras">');
    for (const c of cams)
      parts.push(
        `<g class="camera" data-camera="${c.id}"><title>${escapeXml(cameraText(c))}</title>` +
          `<circle cx="${X(c.x)}" cy="${Y(c.y)}" r="8" fill="#1565c0" stroke="#ffffff" stroke-width="2"/>` +
          `<text x="${X(c.x)}" y="${Y(c.y)}" text-anchor="middle" dominant-baseline="central" style="font-size: 9px; font-weight: 700" fill="#ffffff">${c.id}</text></g>`,
      );
    parts.push('</g>');

    // legend and scale bar
    const ly = Math.round(PAD + HEADER + planH + 12);
    parts.push(`<g class="legend" transform="translate(${PAD} ${ly})">`);
    DORI_LEVELS.forEach((level, i) => {
      const x = i * 150;
      parts.push(
        `<rect x="${x}" y="0" width="14" height="14" fill="${BAND_FILL[level].fill}" fill-opacity="${r2(Math.min(1, BAND_FILL[level].opacity * 1.6))}" stroke="#718096"/>` +
          `<text x="${x + 20}" y="11">${BAND_FILL[level].label} (${DORI_PX_PER_M[level]} px/m)</text>`,
      );
    });
    parts.push(
      `<circle cx="7" cy="33" r="7" fill="#1565c0"/><text x="20" y="37">Camera and field of view</text>`,
      `<rect x="180" y="26" width="12" height="12" fill="#6b46c1"/><text x="198" y="37">Entry point</text>`,
      `<rect x="290" y="26" width="14" height="14" fill="url(#${id}-hatch)" stroke="#c62828"/><text x="310" y="37">Not covered</text>`,
    );
    const barW = r2(scaleFt * scale);
    const bx = DIAGRAM_WIDTH - 2 * PAD - barW - 10;
    parts.push(
      `<g class="scale-bar" transform="translate(${r2(bx)} 30)"><title>${escapeXml(`Scale: this bar is ${formatInt(scaleFt)} ft`)}</title>` +
        `<path d="M0 0V8H${barW}V0" fill="none" stroke="#2d3748" stroke-width="1.5"/>` +
        `<text x="${r2(barW / 2)}" y="22" text-anchor="middle">${formatInt(scaleFt)} ft</text></g>`,
    );
    parts.push('</g></svg>');

    out.push({ floor, label, svg: parts.join(''), cameras: cams.length, uncovered });
  }
  return out;
}
