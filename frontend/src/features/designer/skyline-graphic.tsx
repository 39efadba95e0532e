/**
 * The built-in hero background of /shopping (public-site.md §2): a night skyline drawn in SVG,
 * with camera fields of view. Decorative (aria-hidden); it stays when no generated image exists.
 */
const BUILDINGS: readonly [x: number, w: number, h: number][] = [
  [0, 90, 220],
  [80, 70, 300],
  [140, 110, 180],
  [240, 60, 360],
  [290, 120, 250],
  [400, 80, 420],
  [470, 130, 280],
  [590, 70, 340],
  [650, 110, 200],
  [750, 90, 390],
  [830, 140, 260],
  [960, 70, 310],
  [1020, 120, 230],
  [1130, 80, 370],
  [1200, 130, 270],
  [1320, 90, 330],
  [1400, 120, 210],
  [1510, 70, 290],
  [1570, 130, 360],
  [1690, 100, 240],
  [1780, 140, 300],
];

export function SkylineGraphic() {
  return (
    <svg
      viewBox="0 0 1920 600"
      preserveAspectRatio="xMidYMax slice"
      width="100%"
      height="100%"
      aria-hidden="true"
      focusable="false"
      style={{ position: 'absolute', inset: 0 }}
    >
      <defs>
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#06111f" />
          <stop offset="1" stopColor="#173b6b" />
        </linearGradient>
        <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f59e0b" stopOpacity="0.35" />
          <stop offset="1" stopColor="#f59e0b" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width="1920" height="600" fill="url(#sky)" />
      {BUILDINGS.map(([x, w, h], i) => (
        <g key={x}>
          <rect x={x} y={600 - h} width={w} height={h} fill={i % 2 ? '#0a1d34' : '#0f2a4a'} />
          {Array.from({ length: Math.floor(h / 40) }, (_, r) =>
            Array.from({ length: Math.floor(w / 30) }, (_, c) =>
              (r * 7 + c * 3 + i) % 4 === 0 ? (
                <rect
                  key={`${r}-${c}`}
                  x={x + 10 + c * 30}
                  y={600 - h + 20 + r * 40}
                  width="12"
                  height="16"
                  fill="#fcd34d"
                  opacity="0.55"
                />
              ) : null,
            ),
          )}
        </g>
      ))}
      {[300, 760, 1240, 1620].map((x) => (
        <g key={x}>
          <polygon points={`${x},${250} ${x - 120},${600} ${x + 120},${600}`} fill="url(#beam)" />
          <circle cx={x} cy={250} r="7" fill="#f59e0b" />
        </g>
      ))}
    </svg>
  );
}
