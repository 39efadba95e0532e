/**
 * A picture of the design a home owner reads at a glance: the building's floors stacked (top
 * floor at the top), the outdoors/perimeter band below, and a numbered marker per camera
 * location coloured by priority (Critical red, High amber, Medium blue). The numbered legend
 * under the drawing names each location, so the picture never depends on colour alone.
 */
import type { CameraLocation } from '@ironclad/contracts';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';

const PRIORITY_COLORS: Record<CameraLocation['priority'], string> = { Critical: '#dc2626', High: '#d97706', Medium: '#2563eb' };

const WIDTH = 640;
const ROW = 70;

export function CoverageDiagram({ locations, floors }: { locations: readonly CameraLocation[]; floors: number }) {
  const floorCount = Math.max(1, floors, ...locations.map((l) => l.floor));
  const rows = [...Array.from({ length: floorCount }, (_, i) => floorCount - i), 0]; // top floor first, outdoors last
  const height = rows.length * ROW + 20;
  const numbered = locations.map((l, i) => ({ ...l, n: i + 1 }));
  const total = locations.reduce((a, l) => a + l.quantity, 0);

  return (
    <Stack gap="3">
      <Box overflowX="auto">
        <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-labelledby="coverage-title coverage-desc" style={{ maxWidth: WIDTH, minWidth: 320 }}>
          <title id="coverage-title">Camera coverage diagram</title>
          <desc id="coverage-desc">{`${total} cameras over ${floorCount} floor${floorCount === 1 ? '' : 's'} and the outside of the building; the numbered list below names each location.`}</desc>
          {rows.map((floor, r) => {
            const y = 10 + r * ROW;
            const here = numbered.filter((l) => l.floor === floor);
            const outdoor = floor === 0;
            return (
              <g key={floor}>
                <rect
                  x={outdoor ? 4 : 90}
                  y={y}
                  width={outdoor ? WIDTH - 8 : WIDTH - 180}
                  height={ROW - 10}
                  rx={outdoor ? 30 : 4}
                  fill={outdoor ? '#ecfdf5' : '#f1f5f9'}
                  stroke={outdoor ? '#86efac' : '#64748b'}
                  strokeDasharray={outdoor ? '6 4' : undefined}
                  strokeWidth="2"
                />
                <text x={outdoor ? 16 : 100} y={y + 16} fontSize="12" fill="#334155" fontWeight="600">
                  {outdoor ? 'Outside / perimeter' : `Floor ${floor}`}
                </text>
                {here.map((l, i) => {
                  const span = (outdoor ? WIDTH - 80 : WIDTH - 240) / Math.max(1, here.length);
                  const cx = (outdoor ? 40 : 120) + span * i + span / 2;
                  const cy = y + 38;
                  return (
                    <g key={l.n}>
                      <circle cx={cx} cy={cy} r="13" fill={PRIORITY_COLORS[l.priority]} />
                      <text x={cx} y={cy + 4} fontSize="11" fill="#fff" textAnchor="middle" fontWeight="700">
                        {l.n}
                      </text>
                      {l.quantity > 1 ? (
                        <text x={cx + 15} y={cy - 8} fontSize="10" fill="#0f172a" fontWeight="700">
                          ×{l.quantity}
                        </text>
                      ) : null}
                    </g>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </Box>
      <HStack gap="4" wrap="wrap" fontSize="sm">
        {(['Critical', 'High', 'Medium'] as const).map((p) => (
          <HStack key={p} gap="1.5">
            <Box as="span" boxSize="3" rounded="full" bg={PRIORITY_COLORS[p]} aria-hidden="true" />
            <Text>{p} priority</Text>
          </HStack>
        ))}
      </HStack>
      <Box as="ol" fontSize="sm" ps="5" css={{ columns: '2 220px' }}>
        {numbered.map((l) => (
          <li key={l.n}>
            {l.location} — {l.quantity} × {l.type} ({l.priority}, {l.floor === 0 ? 'outside' : `floor ${l.floor}`})
          </li>
        ))}
      </Box>
    </Stack>
  );
}
