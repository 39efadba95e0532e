/**
 * One design of the saved quote (public-site.md §2 "Step 5", §9; issue 21 point 4: step 5 is the
 * quote page /quotes/{token}). Summary, total investment, camera count and total days; tabs
 * Overview (default), Price Details and Camera Placement; the coverage diagram; the two next
 * steps (`nextStep`: approve and pay the 10% deposit; free service call); payment plan, scope,
 * warranty points and FAQ. Amounts in whole dollars (the recommendation's unit).
 */
import { PAYMENT_PLAN, type AiRecommendation, type FloorDiagram } from '@ironclad/contracts';
import { Badge, Box, Card, Heading, HStack, Link, List, SimpleGrid, Stack, Stat, Table, Tabs, Text } from '@chakra-ui/react';
import { statSlotRecipe } from '~chakra-theme/recipes/stat';
import { tableSlotRecipe } from '~chakra-theme/recipes/table';
import { tabsSlotRecipe } from '~chakra-theme/recipes/tabs';
import { LucideCalendarDays, LucideCamera, LucideDollarSign, LucidePhone } from 'lucide-react';
import { formatCents } from '../payments/api/payment-api';
import { telHref, usePublicConfig } from '../site-config/public-config';
import { CoverageDiagram } from './coverage-diagram';
import { CoveragePlan } from './coverage-plan';
import type { ReactNode } from 'react';
import { formatUsd } from './wizard-options';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ slotRecipes: { stat: statSlotRecipe, table: tableSlotRecipe, tabs: tabsSlotRecipe } });

const PRIORITY_PALETTE = { Critical: 'red', High: 'orange', Medium: 'blue' } as const;

const SCOPE = [
  'Free on-site survey to confirm every camera position',
  'All equipment in the price details, new and under manufacturer warranty',
  'Cabling, mounting, weather-sealing and labelling',
  'Recorder set-up: recording schedules, motion zones and remote access',
  'Mobile app set-up and a walkthrough with you',
  'Clean-up and a final system test',
];

const WARRANTY_POINTS = [
  '5-year equipment warranty',
  '2-year labor warranty',
  'Free replacement of faulty parts during the warranty',
  '24/7 support line',
];

const FAQ = [
  {
    q: 'Is this price final?',
    a: 'The quote is computed from our current prices for the building you described. We confirm it at the free on-site survey before any work starts.',
  },
  {
    q: 'Is the deposit refundable?',
    a: 'Yes. If the survey changes the design and you decide not to go ahead, we refund the deposit in full.',
  },
  {
    q: 'How long does installation take?',
    a: 'The quote shows the business days on site. Large sites are installed in phases so your building keeps working.',
  },
  {
    q: 'Do I need a monthly plan?',
    a: 'No. You own the system and can watch it from the app for free; professional monitoring is optional.',
  },
];

/**
 * @param recommendation the design shown (one option of the quote)
 * @param nextStep the content of "1. Secure your installation date" (approval and deposit)
 * @param diagrams the server's per-floor coverage diagrams of this design (the placement sketch
 *   is drawn in the browser when there are none)
 */
export function QuoteResult({
  recommendation,
  nextStep,
  diagrams = [],
}: {
  recommendation: AiRecommendation;
  nextStep: ReactNode;
  diagrams?: readonly FloorDiagram[];
}) {
  const { company } = usePublicConfig();
  const r = recommendation;
  const d = r.projectDetails;
  const p = r.pricing;
  // the floors drawn: every floor a camera is on (the building's floors as the engine placed them)
  const floors = Math.max(1, ...r.cameraLocations.map((l) => l.floor));

  return (
    <Stack gap="8" aria-live="polite">
      <Text fontSize="lg">{r.summary}</Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Stat.Root borderWidth="1px" rounded="lg" p="4">
          <Stat.Label>
            <LucideDollarSign aria-hidden="true" /> Total investment
          </Stat.Label>
          <Stat.ValueText data-testid="quote-total">{formatUsd(p.totalProjectCost)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" rounded="lg" p="4">
          <Stat.Label>
            <LucideCamera aria-hidden="true" /> Cameras
          </Stat.Label>
          <Stat.ValueText data-testid="quote-cameras">{d.totalCameras}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" rounded="lg" p="4">
          <Stat.Label>
            <LucideCalendarDays aria-hidden="true" /> Total days
          </Stat.Label>
          <Stat.ValueText data-testid="quote-days">{d.totalProjectDays}</Stat.ValueText>
          {/* a <dd> (Chakra's help text is a <span>, which a <dl> may not contain) */}
          <Stat.HelpText as="dd">
            {d.wiringDays} wiring + {d.programmingDays} programming
          </Stat.HelpText>
        </Stat.Root>
      </SimpleGrid>

      <Tabs.Root defaultValue="overview" variant="line" colorPalette="brand">
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="pricing">Price Details</Tabs.Trigger>
          <Tabs.Trigger value="cameras">Camera Placement</Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="overview">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" fontSize="sm">
              <Text>
                <strong>Cameras:</strong> {d.totalCameras}
              </Text>
              <Text>
                <strong>Coverage:</strong> {d.coverage}
              </Text>
              <Text>
                <strong>Total days:</strong> {d.totalProjectDays}
              </Text>
            </SimpleGrid>
            <Text>{r.description}</Text>
            <Box>
              <Heading as="h4" size="sm">
                Timeline
              </Heading>
              <Text>{r.timeline}</Text>
            </Box>
            <Box>
              <Heading as="h4" size="sm">
                Warranty
              </Heading>
              <Text>{r.warranty}</Text>
            </Box>
            {r.notes ? (
              <List.Root ps="5" fontSize="sm" color="fg.muted">
                {r.notes.split('\n').map((n) => (
                  <List.Item key={n}>{n}</List.Item>
                ))}
              </List.Root>
            ) : null}
            <Heading as="h4" size="sm">
              Coverage diagram
            </Heading>
            {diagrams.length > 0 ? <CoveragePlan diagrams={diagrams} /> : <CoverageDiagram locations={r.cameraLocations} floors={floors} />}
          </Stack>
        </Tabs.Content>

        <Tabs.Content value="pricing">
          <Stack gap="6">
            {r.equipmentList.map((cat) => (
              <Box key={cat.category} overflowX="auto">
                <Heading as="h4" size="sm" mb="2">
                  {cat.category}
                </Heading>
                <Table.Root size="sm" variant="outline">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Item</Table.ColumnHeader>
                      <Table.ColumnHeader hideBelow="md">Description</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Unit price</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {cat.items.map((it) => (
                      <Table.Row key={it.item}>
                        <Table.Cell>
                          <Text fontWeight="medium">{it.item}</Text>
                          {/* on a phone the description goes under the item instead of its own column */}
                          <Text hideFrom="md" fontSize="xs" color="fg.muted">
                            {it.description}
                          </Text>
                        </Table.Cell>
                        <Table.Cell color="fg.muted" hideBelow="md">
                          {it.description}
                        </Table.Cell>
                        <Table.Cell textAlign="end">{it.quantity}</Table.Cell>
                        <Table.Cell textAlign="end">{formatUsd(it.unitPrice)}</Table.Cell>
                        <Table.Cell textAlign="end">{formatUsd(it.total)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Box>
            ))}
            <Stack as="dl" gap="1" maxW="sm" ms="auto" w="full">
              {[
                ['Equipment subtotal', formatUsd(p.equipmentSubtotal)],
                ['Labor cost', formatUsd(p.laborCost)],
                ...(p.additionalCosts > 0 ? [['Additional features', formatUsd(p.additionalCosts)]] : []),
                ...(p.july4Discount
                  ? [[`${p.july4Discount.code} discount (${p.july4Discount.percent}%)`, `−${formatUsd(p.july4Discount.savings)}`]]
                  : []),
              ].map(([k, v]) => (
                <HStack key={k} justify="space-between">
                  <Text as="dt">{k}</Text>
                  <Text as="dd">{v}</Text>
                </HStack>
              ))}
              <HStack justify="space-between" borderTopWidth="1px" pt="2" fontWeight="bold" fontSize="lg">
                <Text as="dt">Total project cost</Text>
                <Text as="dd">{formatUsd(p.totalProjectCost)}</Text>
              </HStack>
            </Stack>
          </Stack>
        </Tabs.Content>

        <Tabs.Content value="cameras">
          <Stack gap="3">
            {r.cameraLocations.map((l) => (
              <Card.Root key={l.location} size="sm" variant="outline">
                <Card.Body>
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Heading as="h4" size="sm">
                      {l.location}
                    </Heading>
                    <HStack gap="2">
                      <Badge colorPalette={PRIORITY_PALETTE[l.priority]}>{l.priority}</Badge>
                      <Badge variant="outline">
                        {l.quantity} camera{l.quantity === 1 ? '' : 's'}
                      </Badge>
                    </HStack>
                  </HStack>
                  <Text fontSize="sm" mt="1">
                    <strong>Type:</strong> {l.type}
                  </Text>
                  <Text fontSize="sm">
                    <strong>Reason:</strong> {l.reason}
                  </Text>
                  <Text fontSize="sm">
                    <strong>Coverage:</strong> {l.coverage}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>

      <Box as="section" aria-labelledby="next-steps-heading">
        <Heading as="h4" size="lg" id="next-steps-heading" mb="4">
          Next steps
        </Heading>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
          <Card.Root>
            <Card.Header>
              <Heading as="h5" size="md">
                1. Secure your installation date
              </Heading>
            </Card.Header>
            <Card.Body>{nextStep}</Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h5" size="md">
                2. Talk to an expert first
              </Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3" align="start">
                <Text>Book a free service call: we walk you through the design and answer every question.</Text>
                <Link href={telHref(company.phone)} fontWeight="semibold" fontSize="lg" colorPalette="brand">
                  <LucidePhone aria-hidden="true" /> Free service call: {company.phone}
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  Available Mon-Sat 8AM-8PM EST
                </Text>
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
      </Box>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <Box as="section" aria-labelledby="plan-heading">
          <Heading as="h4" size="md" id="plan-heading" mb="3">
            Payment plan
          </Heading>
          <List.Root gap="2" variant="plain">
            {PAYMENT_PLAN.map((s) => (
              <List.Item key={s.label} display="block">
                <HStack justify="space-between">
                  <Text fontWeight="medium">
                    {s.percent}% {s.label}
                  </Text>
                  <Text>{formatCents(Math.round(p.totalProjectCost * s.percent))}</Text>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {s.detail}
                </Text>
              </List.Item>
            ))}
          </List.Root>
          <Text fontSize="sm" mt="3" color="green.700">
            Pay in full before installation and save 5% (early-payment discount).
          </Text>
        </Box>
        <Box as="section" aria-labelledby="scope-heading">
          <Heading as="h4" size="md" id="scope-heading" mb="3">
            Scope of work
          </Heading>
          <List.Root ps="5" gap="1" fontSize="sm">
            {SCOPE.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List.Root>
        </Box>
        <Box as="section" aria-labelledby="warranty-heading">
          <Heading as="h4" size="md" id="warranty-heading" mb="3">
            Warranty
          </Heading>
          <List.Root ps="5" gap="1" fontSize="sm">
            {WARRANTY_POINTS.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List.Root>
        </Box>
      </SimpleGrid>

      <Box as="section" aria-labelledby="faq-heading">
        <Heading as="h4" size="md" id="faq-heading" mb="3">
          Frequently asked questions
        </Heading>
        <Stack gap="2">
          {FAQ.map((f) => (
            <Box as="details" key={f.q} borderWidth="1px" rounded="md" p="3">
              <Box as="summary" fontWeight="medium" cursor="pointer">
                {f.q}
              </Box>
              <Text mt="2" fontSize="sm">
                {f.a}
              </Text>
            </Box>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
