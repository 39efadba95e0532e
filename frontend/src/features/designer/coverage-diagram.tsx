/**
 * A picture of the design a home owner reads at a glance: the building's floors
 * stacked (top floor at the top), the outdoors/perimeter band below, and a numbered marker per
 * camera location coloured by priority (Critical red, High amber, Medium blue), with "×N" when a
 * location has several cameras. The numbered legend under the drawing names each location, so the
 * picture never depends on colour alone.
 *
 * Drawn with boxes rather than a fixed-size SVG so that markers and labels keep a readable size on
 * a phone: each floor's markers wrap onto more lines instead of shrinking.
 */
import type { CameraLocation } from '@ironclad/contracts';
import { Box, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';

const PRIORITY_COLORS: Record<CameraLocation['priority'], string> = { Critical: '#dc2626', High: '#b45309', Medium: '#2563eb' };

export function CoverageDiagram({ locations, floors }: { locations: readonly CameraLocation[]; floors: number }) {
  const descId = useId();
  const floorCount = Math.max(1, floors, ...locations.map((l) => l.floor));
  const rows = [...Array.from({ length: floorCount }, (_, i) => floorCount - i), 0]; // top floor first, outdoors last
  const numbered = locations.map((l, i) => ({ ...l, n: i + 1 }));
  const total = locations.reduce((a, l) => a + l.quantity, 0);

  return (
    <Stack gap="3">
      <Box role="img" aria-label="Camera coverage diagram" aria-describedby={descId} maxW="2xl">
        <Text id={descId} srOnly>
          {`${total} cameras over ${floorCount} floor${floorCount === 1 ? '' : 's'} and the outside of the building; the numbered list below names each location.`}
        </Text>
        <Stack gap="2" aria-hidden="true">
          {rows.map((floor) => {
            const outdoor = floor === 0;
            const here = numbered.filter((l) => l.floor === floor);
            return (
              <Box
                key={floor}
                data-floor={floor}
                mx={outdoor ? '0' : { base: '3', md: '12' }}
                borderWidth="2px"
                borderStyle={outdoor ? 'dashed' : 'solid'}
                borderColor={outdoor ? '#86efac' : '#64748b'}
                bg={outdoor ? '#ecfdf5' : '#f1f5f9'}
                rounded={outdoor ? '3xl' : 'md'}
                px={outdoor ? '5' : '3'}
                py="2"
              >
                <Text fontSize="xs" fontWeight="semibold" color="#334155">
                  {outdoor ? 'Outside / perimeter' : `Floor ${floor}`}
                </Text>
                <Flex wrap="wrap" justify="center" gap="3" minH="8" py="1">
                  {here.map((l) => (
                    <HStack key={l.n} gap="0.5" align="start" data-marker={l.n} data-priority={l.priority} data-quantity={l.quantity}>
                      <Box
                        as="span"
                        display="inline-flex"
                        alignItems="center"
                        justifyContent="center"
                        boxSize="7"
                        rounded="full"
                        bg={PRIORITY_COLORS[l.priority]}
                        color="white"
                        fontSize="xs"
                        fontWeight="bold"
                      >
                        {l.n}
                      </Box>
                      {l.quantity > 1 ? (
                        <Text as="span" fontSize="2xs" fontWeight="bold" color="#0f172a">
                          ×{l.quantity}
                        </Text>
                      ) : null}
                    </HStack>
                  ))}
                </Flex>
              </Box>
            );
          })}
        </Stack>
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
