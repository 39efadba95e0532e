#!/usr/bin/env node
/**
 * Writes the site's built-in SVG illustrations into public/images/ (committed; run again after
 * changing this file: `node frontend/scripts/generate-images.mjs`).
 *
 * Every image is a small hand-tuned vector scene (no external host, no raster): heroes (one per
 * staff-side.md §3 image key that has a page), service cards, project before/after pairs (the
 * seed's /images/projects/<slug>-before|after.webp paths, served as .svg: see src/lib/images.ts),
 * team portraits and testimonial avatars (/images/testimonials/<slug>.svg).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'public', 'images');

const NAVY = '#0a1d34';
const BLUE = '#1d4a85';
const SKY = '#285ea3';
const AMBER = '#f5b301';

const svg = (w, h, body, title) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${title}"><title>${title}</title>${body}</svg>\n`;

/** A camera glyph at (x, y) pointing left or right, with an optional coverage cone. */
const camera = (x, y, dir = 1, cone = true) => `
  ${cone ? `<path d="M${x} ${y + 6} L${x + dir * 150} ${y + 70} L${x + dir * 150} ${y - 30} Z" fill="${AMBER}" opacity=".18"/>` : ''}
  <rect x="${x - (dir > 0 ? 0 : 26)}" y="${y}" width="26" height="12" rx="3" fill="#e8eef6"/>
  <circle cx="${x + dir * 24}" cy="${y + 6}" r="4" fill="${NAVY}"/>
  <rect x="${x - 2}" y="${y - 10}" width="4" height="12" fill="#e8eef6"/>`;

const stars = Array.from(
  { length: 18 },
  (_, i) => `<circle cx="${(i * 97) % 800}" cy="${((i * 37) % 150) + 10}" r="1.5" fill="#fff" opacity=".5"/>`,
).join('');

const skyline = (w, h, lit) => {
  let x = 0;
  let i = 0;
  const parts = [];
  while (x < w) {
    const bw = 60 + ((i * 53) % 70);
    const bh = 120 + ((i * 89) % 220);
    parts.push(`<rect x="${x}" y="${h - bh}" width="${bw}" height="${bh}" fill="${i % 2 ? BLUE : '#173b6b'}"/>`);
    for (let wy = h - bh + 14; wy < h - 16; wy += 26)
      for (let wx = x + 10; wx < x + bw - 12; wx += 20)
        if ((wx + wy + i) % 3 !== 0)
          parts.push(
            `<rect x="${wx}" y="${wy}" width="8" height="12" fill="${lit && (wx * wy) % 7 < 4 ? AMBER : '#2b4f7e'}" opacity="${lit ? 0.85 : 0.6}"/>`,
          );
    x += bw + 6;
    i += 1;
  }
  return parts.join('');
};

const house = (x, y, s, lit) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M0 120 L130 20 L260 120 Z" fill="${lit ? '#2b4f7e' : '#1b2c44'}"/>
    <rect x="20" y="120" width="220" height="150" fill="${lit ? '#d5e3f4' : '#54657c'}"/>
    <rect x="110" y="190" width="40" height="80" fill="${lit ? BLUE : '#2c3a4e'}"/>
    <rect x="45" y="150" width="40" height="35" fill="${lit ? AMBER : '#2c3a4e'}"/>
    <rect x="175" y="150" width="40" height="35" fill="${lit ? AMBER : '#2c3a4e'}"/>
  </g>`;

const office = (x, y, lit) => `
  <g transform="translate(${x} ${y})">
    <rect width="300" height="300" fill="${lit ? '#d5e3f4' : '#54657c'}"/>
    ${Array.from({ length: 5 }, (_, r) => Array.from({ length: 6 }, (_, c) => `<rect x="${18 + c * 47}" y="${20 + r * 50}" width="30" height="30" fill="${lit ? ((r + c) % 3 ? SKY : AMBER) : '#2c3a4e'}"/>`).join('')).join('')}
    <rect x="120" y="250" width="60" height="50" fill="${lit ? BLUE : '#2c3a4e'}"/>
  </g>`;

const warehouse = (x, y, lit) => `
  <g transform="translate(${x} ${y})">
    <path d="M0 80 L200 0 L400 80 Z" fill="${lit ? '#2b4f7e' : '#1b2c44'}"/>
    <rect y="80" width="400" height="180" fill="${lit ? '#d5e3f4' : '#54657c'}"/>
    ${[0, 1, 2].map((i) => `<rect x="${40 + i * 120}" y="150" width="90" height="110" fill="${lit ? '#8aa5c8' : '#2c3a4e'}"/>`).join('')}
  </g>`;

/** Before (dim, no coverage) or after (lit, cameras and coverage) of a project scene. */
function projectScene(kind, after) {
  const bg = after ? `<rect width="800" height="500" fill="${NAVY}"/>${stars}` : `<rect width="800" height="500" fill="#202833"/>`;
  const ground = `<rect y="440" width="800" height="60" fill="${after ? '#0f2a4a' : '#161c24'}"/>`;
  let scene = '';
  let cams = '';
  if (kind === 'home') {
    scene = house(270, 170, 1, after);
    cams = camera(300, 300, -1) + camera(500, 300, 1) + camera(390, 380, -1, false);
  } else if (kind === 'office') {
    scene = office(250, 140, after);
    cams = camera(255, 150, -1) + camera(545, 150, 1) + camera(255, 380, -1) + camera(545, 380, 1);
  } else if (kind === 'warehouse') {
    scene = warehouse(200, 180, after);
    cams = camera(210, 270, -1) + camera(590, 270, 1) + camera(400, 200, 1, false);
  } else {
    scene = skyline(800, 440, after);
    cams = camera(120, 200, 1) + camera(640, 220, -1);
  }
  const badge = after
    ? `<g transform="translate(24 24)"><rect width="150" height="36" rx="18" fill="${AMBER}"/><text x="75" y="24" font-family="system-ui,sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="${NAVY}">AFTER</text></g>`
    : `<g transform="translate(24 24)"><rect width="150" height="36" rx="18" fill="#54657c"/><text x="75" y="24" font-family="system-ui,sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">BEFORE</text></g>`;
  return bg + ground + scene + (after ? cams : '') + badge;
}

const PROJECTS = {
  'scarsdale-colonial-home': 'home',
  'midtown-office-headquarters': 'office',
  'secaucus-distribution-center': 'warehouse',
  'garden-city-smart-home': 'home',
  'williamsburg-retail-boutique': 'office',
  'astoria-apartment-intercom': 'city',
  'jersey-city-construction-site': 'warehouse',
  'hoboken-medical-clinic': 'office',
};

/** A person avatar: head and shoulders on a coloured disc. */
function avatar(seed, initials, title) {
  const hues = ['#285ea3', '#b37f00', '#1d4a85', '#4479bf', '#8c6300', '#173b6b', '#0f2a4a'];
  const skins = ['#f1c7a5', '#d7a57c', '#a8714b', '#e8b894', '#7b4b2a'];
  const bg = hues[seed % hues.length];
  const skin = skins[seed % skins.length];
  return svg(
    160,
    160,
    `<rect width="160" height="160" rx="80" fill="${bg}"/><circle cx="80" cy="64" r="30" fill="${skin}"/><path d="M28 146 C36 106 124 106 132 146 A80 80 0 0 1 28 146 Z" fill="#eef4fb"/><text x="80" y="152" font-family="system-ui,sans-serif" font-size="0">${initials}</text>`,
    title,
  );
}

const HEROES = {
  heroHome: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/>${stars}<g transform="scale(2 1.8)">${skyline(800, 500, true)}</g>${camera(1250, 180, -1)}${camera(300, 220, 1)}`,
  heroResidential: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/>${stars}<g transform="translate(500 260) scale(2.2)">${house(0, 0, 1, true)}</g>${camera(560, 560, -1)}${camera(1040, 560, 1)}`,
  heroBusiness: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/>${stars}<g transform="translate(550 180) scale(1.9)">${office(0, 0, true)}</g>${camera(555, 200, -1)}${camera(1125, 200, 1)}`,
  heroCameras: () => `<rect width="1600" height="900" fill="${NAVY}"/><g transform="translate(800 450) scale(9)">${camera(-13, -6, 1)}</g>`,
  heroSmartHome: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/>${stars}<g transform="translate(520 240) scale(2.1)">${house(0, 0, 1, true)}</g><circle cx="1300" cy="250" r="90" fill="none" stroke="${AMBER}" stroke-width="10" opacity=".6"/><circle cx="1300" cy="250" r="140" fill="none" stroke="${AMBER}" stroke-width="8" opacity=".35"/>`,
  heroIntercom: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/><rect x="650" y="180" width="300" height="540" rx="30" fill="#d5e3f4"/><rect x="690" y="230" width="220" height="170" rx="12" fill="${BLUE}"/><circle cx="800" cy="315" r="45" fill="${AMBER}"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${700 + (i % 3) * 70}" y="${440 + Math.floor(i / 3) * 80}" width="55" height="55" rx="10" fill="#8aa5c8"/>`).join('')}`,
  heroCompare: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/>${[0, 1, 2, 3].map((i) => `<rect x="${200 + i * 320}" y="${300 - i * 40}" width="240" height="${420 + i * 40}" rx="18" fill="${i === 1 ? AMBER : SKY}" opacity="${i === 1 ? 0.9 : 0.6}"/>`).join('')}`,
  heroMonitoring: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/>${Array.from({ length: 12 }, (_, i) => `<rect x="${160 + (i % 4) * 330}" y="${140 + Math.floor(i / 4) * 220}" width="300" height="190" rx="10" fill="#173b6b" stroke="${i === 5 ? AMBER : SKY}" stroke-width="6"/>`).join('')}`,
  heroCaseStudies: () =>
    `<rect width="1600" height="900" fill="${NAVY}"/>${stars}<g transform="scale(2 1.8)">${skyline(800, 500, true)}</g>`,
};

const SERVICES = {
  cameras: () => `<rect width="400" height="240" fill="#eef4fb"/><g transform="translate(150 100) scale(3)">${camera(0, 0, 1)}</g>`,
  'smart-home': () =>
    `<rect width="400" height="240" fill="#eef4fb"/>${house(130, 40, 0.55, true)}<circle cx="320" cy="60" r="26" fill="none" stroke="${AMBER}" stroke-width="6"/>`,
  doorbell: () =>
    `<rect width="400" height="240" fill="#eef4fb"/><rect x="170" y="40" width="60" height="160" rx="28" fill="${NAVY}"/><circle cx="200" cy="85" r="16" fill="${SKY}"/><circle cx="200" cy="160" r="14" fill="${AMBER}"/>`,
  alarm: () =>
    `<rect width="400" height="240" fill="#eef4fb"/><rect x="120" y="50" width="160" height="140" rx="14" fill="${NAVY}"/><rect x="140" y="70" width="120" height="40" rx="6" fill="${SKY}"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${145 + (i % 3) * 40}" y="${125 + Math.floor(i / 3) * 30}" width="30" height="22" rx="4" fill="#8aa5c8"/>`).join('')}`,
  monitoring: () =>
    `<rect width="400" height="240" fill="#eef4fb"/>${[0, 1, 2, 3].map((i) => `<rect x="${60 + (i % 2) * 145}" y="${30 + Math.floor(i / 2) * 95}" width="130" height="80" rx="6" fill="${NAVY}" stroke="${i === 1 ? AMBER : SKY}" stroke-width="4"/>`).join('')}`,
  installation: () =>
    `<rect width="400" height="240" fill="#eef4fb"/><path d="M120 190 L240 70" stroke="${NAVY}" stroke-width="22" stroke-linecap="round"/><circle cx="260" cy="55" r="34" fill="none" stroke="${NAVY}" stroke-width="18"/><rect x="250" y="150" width="90" height="50" rx="8" fill="${AMBER}"/>`,
  commercial: () =>
    `<rect width="400" height="240" fill="#eef4fb"/>${office(125, 40, true).replace('translate(125 40)', 'translate(125 40) scale(.5)')}`,
  'access-control': () =>
    `<rect width="400" height="240" fill="#eef4fb"/><rect x="160" y="40" width="80" height="150" rx="10" fill="${NAVY}"/><rect x="175" y="60" width="50" height="30" rx="4" fill="${SKY}"/><circle cx="200" cy="135" r="22" fill="none" stroke="${AMBER}" stroke-width="6"/>`,
  intercom: () =>
    `<rect width="400" height="240" fill="#eef4fb"/><rect x="150" y="30" width="100" height="180" rx="12" fill="${NAVY}"/><rect x="165" y="45" width="70" height="55" rx="6" fill="${SKY}"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${165 + (i % 3) * 25}" y="${115 + Math.floor(i / 3) * 30}" width="18" height="20" rx="3" fill="#8aa5c8"/>`).join('')}`,
};

const TEAM = {
  'marcus-reyes': ['MR', 'Portrait illustration of Marcus Reyes'],
  'dana-whitfield': ['DW', 'Portrait illustration of Dana Whitfield'],
  'kevin-osei': ['KO', 'Portrait illustration of Kevin Osei'],
};

const TESTIMONIALS = [
  'sarah-johnson',
  'michael-chen',
  'david-thompson',
  'robert-linda-martinez',
  'priya-patel',
  'emily-rodriguez',
  'james-wilson',
];

async function write(rel, content) {
  const file = join(out, rel);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content.replace(/\n\s+/g, ''));
}

for (const [key, body] of Object.entries(HEROES)) await write(`heroes/${key}.svg`, svg(1600, 900, body(), ''));
for (const [key, body] of Object.entries(SERVICES)) await write(`services/${key}.svg`, svg(400, 240, body(), ''));
for (const [slug, kind] of Object.entries(PROJECTS)) {
  await write(`projects/${slug}-before.svg`, svg(800, 500, projectScene(kind, false), 'Before'));
  await write(`projects/${slug}-after.svg`, svg(800, 500, projectScene(kind, true), 'After'));
}
let seed = 0;
for (const [slug, [initials, title]] of Object.entries(TEAM)) await write(`team/${slug}.svg`, avatar(seed++, initials, title));
for (const slug of TESTIMONIALS) await write(`testimonials/${slug}.svg`, avatar(seed++, '', ''));
console.log(`images written to ${out}`);
