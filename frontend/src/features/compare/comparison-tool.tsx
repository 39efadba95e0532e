/**
 * The service comparison tool (public-site.md §2, §4, §9): residential and business selected by
 * default; a service button toggles its column; at most 3 selected, the unselected buttons are
 * disabled at 3; the table shows 8 feature rows until 'Show All Features' (12), back with 'Show
 * Less Features'; 'Download Comparison' saves a 1200×800 PNG drawn in the browser.
 */
import { Badge, Box, Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '~chakra-theme/recipes/table';
import { useState } from 'react';
import { LucideCheck, LucideDownload, LucideX } from 'lucide-react';
import { notify } from '../../components/ui/toaster';
import { usePublicConfig } from '../site-config/public-config';
import {
  COMPARISON_FEATURES,
  COMPARISON_SERVICES,
  DEFAULT_ROWS,
  DEFAULT_SELECTION,
  MAX_SELECTED,
  cellText,
  type ComparisonServiceId,
} from './comparison-data';
import { downloadComparison } from './comparison-image';
import { registerRecipes } from '../../components/ui/recipes';
import { HorizontalScroll } from '../../components/site/horizontal-scroll';
import { instantControl, instantMember, instantState } from '../../components/site/instant-controls';

registerRecipes({ slotRecipes: { table: tableSlotRecipe } });

/** The service toggles' group of instant controls (instant-controls.ts). */
const COMPARE_GROUP = 'compare-services';

function Cell({ value }: { value: boolean | string }) {
  if (typeof value === 'string') return <Text>{value}</Text>;
  return (
    <Box display="inline-flex" color={value ? 'green.700' : 'red.700'} aria-label={cellText(value)} role="img">
      {value ? <LucideCheck aria-hidden="true" /> : <LucideX aria-hidden="true" />}
    </Box>
  );
}

/** The tool. */
export function ComparisonTool() {
  const { company } = usePublicConfig();
  const [selected, setSelected] = useState<ComparisonServiceId[]>([...DEFAULT_SELECTION]);
  const [showAll, setShowAll] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const services = COMPARISON_SERVICES.filter((s) => selected.includes(s.id));
  const rows = showAll ? COMPARISON_FEATURES : COMPARISON_FEATURES.slice(0, DEFAULT_ROWS);
  const atLimit = selected.length >= MAX_SELECTED;

  const toggle = (id: ComparisonServiceId) =>
    setSelected((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : cur.length >= MAX_SELECTED ? cur : [...cur, id]));

  const download = async () => {
    setDownloading(true);
    try {
      await downloadComparison(services, company.name);
    } catch (err) {
      console.error('Comparison download failed', err);
      notify({ type: 'error', title: 'Download failed', description: 'Your browser could not create the image.' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack
      gap="8"
      {...instantState(
        COMPARE_GROUP,
        selected,
        COMPARISON_SERVICES.map((s) => s.id),
        MAX_SELECTED,
      )}
    >
      <Stack gap="3">
        <Text fontWeight="semibold" id="compare-pick">
          Choose up to {MAX_SELECTED} services to compare
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" role="group" aria-labelledby="compare-pick">
          {COMPARISON_SERVICES.map((s) => {
            const isOn = selected.includes(s.id);
            return (
              <Button
                key={s.id}
                // The pressed look follows aria-pressed (not the variant), so a click made before
                // the tool has hydrated shows at once (instant-controls.ts).
                variant="outline"
                _pressed={{
                  bg: 'colorPalette.solid',
                  color: 'colorPalette.contrast',
                  borderColor: 'colorPalette.solid',
                  _hover: { bg: 'colorPalette.solid' },
                }}
                {...instantControl(COMPARE_GROUP, `~${s.id}`)}
                {...instantMember(COMPARE_GROUP, s.id, 'pressed')}
                colorPalette="brand"
                aria-pressed={isOn}
                disabled={!isOn && atLimit}
                onClick={() => toggle(s.id)}
                h="auto"
                py="3"
                whiteSpace="normal"
                flexDirection="column"
                alignItems="start"
                data-testid={`compare-toggle-${s.id}`}
              >
                <HStack gap="2">
                  <Text fontWeight="bold">{s.name}</Text>
                  {s.popular ? (
                    <Badge colorPalette="accent" variant="solid" size="sm">
                      Popular
                    </Badge>
                  ) : null}
                </HStack>
                <Text fontSize="sm" fontWeight="normal">
                  {s.price}
                </Text>
              </Button>
            );
          })}
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {selected.length} of {MAX_SELECTED} selected{atLimit ? ': deselect one to choose another.' : '.'}
        </Text>
      </Stack>

      {services.length === 0 ? (
        <Text role="status" textAlign="center" py="10" color="fg.muted">
          Select at least one service to see the comparison.
        </Text>
      ) : (
        <HorizontalScroll
          borderWidth="1px"
          rounded="lg"
          overflow="hidden"
          focusable
          label="Comparison table"
          hint="Swipe sideways to see every service"
          data-testid="comparison-scroller"
        >
          <Table.Root size="md" data-testid="comparison-table">
            <Table.Caption srOnly>Comparison of {services.map((s) => s.name).join(', ')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Feature</Table.ColumnHeader>
                {/* Every service's column is in the table, the unselected ones hidden, so a
                    toggle can show one before the tool has hydrated. */}
                {COMPARISON_SERVICES.map((s) => (
                  <Table.ColumnHeader
                    key={s.id}
                    scope="col"
                    textAlign="center"
                    borderTopWidth="4px"
                    borderTopColor={s.color}
                    hidden={!selected.includes(s.id)}
                    {...instantMember(COMPARE_GROUP, s.id, 'shown')}
                  >
                    <Text fontWeight="bold">{s.name}</Text>
                    <Text fontWeight="normal" color="fg.muted">
                      {s.price}
                    </Text>
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((f) => (
                <Table.Row key={f.name} data-testid="feature-row">
                  <Table.ColumnHeader scope="row" fontWeight="medium">
                    {f.name}
                  </Table.ColumnHeader>
                  {COMPARISON_SERVICES.map((s) => (
                    <Table.Cell
                      key={s.id}
                      textAlign="center"
                      hidden={!selected.includes(s.id)}
                      {...instantMember(COMPARE_GROUP, s.id, 'shown')}
                    >
                      <Cell value={f.values[s.id]} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </HorizontalScroll>
      )}

      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
        <Button variant="outline" colorPalette="brand" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
          {showAll ? 'Show Less Features' : 'Show All Features'}
        </Button>
        <Button colorPalette="brand" onClick={download} disabled={services.length === 0 || downloading}>
          <LucideDownload aria-hidden="true" /> {downloading ? 'Preparing...' : 'Download Comparison'}
        </Button>
      </Stack>
    </Stack>
  );
}
