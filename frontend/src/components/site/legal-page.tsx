/**
 * The layout of the legal and trust pages (/privacy, /terms, /warranty): a title, the date the
 * text was last changed, a table of contents and the sections, each with an id so other pages
 * can link to one (`/terms#deposits`). The company's contact facts come from the public config.
 */
import { Box, Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatAddress, telHref, useCompanyFacts } from '../../features/site-config/public-config';
import { LEGAL_LINKS } from '../layout/nav-items';

/** When the legal texts last changed (shown on each page). */
export const LEGAL_UPDATED = 'November 1, 2026';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A paragraph of a legal text. */
export function P({ children }: { children: ReactNode }) {
  return <Text lineHeight="tall">{children}</Text>;
}

/** A bulleted list of a legal text. */
export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List.Root ps="5" gap="1.5" lineHeight="tall">
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** The company's ways to reach it, for the "Contact us" section of each page. */
export function CompanyContact() {
  const company = useCompanyFacts();
  return (
    <P>
      {company.name}, {formatAddress(company.address)}. Phone{' '}
      <Link href={telHref(company.phone)} whiteSpace="nowrap">
        {company.phone}
      </Link>
      , email <Link href={`mailto:${company.email}`}>{company.email}</Link>.
    </P>
  );
}

/** One legal page. `path` is the page's own route (left out of the cross-links). */
export function LegalPage({ path, title, intro, sections }: { path: string; title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Last updated {LEGAL_UPDATED}
          </Text>
        </Stack>
        <Box fontSize="lg">{intro}</Box>
        <Box as="nav" aria-label="On this page" borderWidth="1px" rounded="lg" p="4">
          <Text fontWeight="semibold" mb="2">
            On this page
          </Text>
          <List.Root ps="5" gap="1">
            {sections.map((s) => (
              <List.Item key={s.id}>
                <Link href={`#${s.id}`} color="brand.fg">
                  {s.title}
                </Link>
              </List.Item>
            ))}
          </List.Root>
        </Box>
        {sections.map((s) => (
          <Stack as="section" key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} gap="3" scrollMarginTop="20">
            <Heading as="h2" size="lg" id={`${s.id}-heading`}>
              {s.title}
            </Heading>
            {s.body}
          </Stack>
        ))}
        <Text fontSize="sm" color="fg.muted">
          See also:{' '}
          {LEGAL_LINKS.filter((l) => l.to !== path).map((l, i) => (
            <span key={l.to}>
              {i > 0 ? ' · ' : null}
              <Link asChild color="brand.fg">
                <RouterLink to={l.to}>{l.label}</RouterLink>
              </Link>
            </span>
          ))}
        </Text>
      </Stack>
    </Container>
  );
}
