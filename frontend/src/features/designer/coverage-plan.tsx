/**
 * The server's coverage diagram of a design (issue 21 point 3): one plan per floor, drawn by the
 * design engine as a standalone accessible SVG (role="img" with its title and description; each
 * camera's field-of-view cone, DORI ranges, named areas, entry points, legend and scale), shown as
 * sent. Places no camera covers are listed under their floor. The same drawing is in the quote PDF
 * and in the staff view of the lead.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import type { FloorDiagram } from '@ironclad/contracts';

/** The floors of one design; nothing when the server sent none. */
export function CoveragePlan({ diagrams }: { diagrams: readonly FloorDiagram[] }) {
  if (diagrams.length === 0) return null;
  return (
    <Stack gap="4" data-testid="coverage-plan">
      {diagrams.map((d) => (
        <Box as="figure" key={d.floor} m="0" borderWidth="1px" rounded="md" p="2" overflowX="auto">
          {/* the engine's SVG: generated on the server from the stored design, every text escaped */}
          <Box css={{ '& svg': { maxWidth: '100%', height: 'auto', display: 'block' } }} dangerouslySetInnerHTML={{ __html: d.svg }} />
          <Text as="figcaption" fontSize="sm" color="fg.muted" mt="1">
            {d.label}: {d.cameras} camera{d.cameras === 1 ? '' : 's'}
            {d.uncovered.length > 0 ? ` · not covered: ${d.uncovered.join(', ')}` : ' · every place covered'}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
