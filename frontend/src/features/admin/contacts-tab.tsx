/** Contacts tab (staff-side.md §2; decisions.md §9): stats, search, list, details with Convert to Lead, exports. */
import { Box, Button, Flex, Grid, Heading, HStack, Input, Spinner, Stack, Text, NativeSelect } from '@chakra-ui/react';
import type { Contact } from '@ironclad/contracts';
import { useEffect, useState } from 'react';
import { StatCard, StatGrid } from '../../components/staff/stat-card';
import { DetailsPanel } from './details-panel';
import { formatDate } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { useContacts, useConvertContact, useRestoreContact } from '../leads/api/contacts';
import { ExportButton } from './export-button';
import { useStats } from '../leads/api/leads';
import { ContactPayments } from './contact-payments';

/** How staff read a contact's source (contracts CONTACT_SOURCES). */
const CONTACT_SOURCE_LABELS: Record<Contact['source'], string> = {
  contact_form: 'Contact form',
  free_guide: 'Free guide request',
  consultation: 'Consultation request',
};

/** The contact's name, or its email when it gave none (free-guide requests). */
const contactName = (c: Contact) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email;

export function ContactsTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [spam, setSpam] = useState<'exclude' | 'only'>('exclude');
  const [selected, setSelected] = useState<Contact | null>(null);
  const debounced = useDebounced(search);
  useEffect(() => setPage(1), [debounced]);
  const stats = useStats();
  const contacts = useContacts({ search: debounced, page, spam });
  const convert = useConvertContact();
  const restore = useRestoreContact();
  const pages = contacts.data ? Math.max(1, Math.ceil(contacts.data.total / contacts.data.pageSize)) : 1;
  const current =
    selected && contacts.data?.contacts.find((c) => c.id === selected.id)
      ? contacts.data.contacts.find((c) => c.id === selected.id)!
      : selected;

  return (
    <Box>
      <StatGrid>
        <StatCard label="Total Contacts" value={stats.data?.totalContacts ?? '—'} />
        <StatCard label="Total Prospects" value={stats.data ? stats.data.totalContacts + stats.data.totalLeads : '—'} />
        <StatCard label="Contacts New This Week" value={stats.data?.contactsNewThisWeek ?? '—'} />
        <Box borderWidth="1px" rounded="lg" p="4">
          <Text fontSize="sm" color="fg.muted" mb="2">
            Export
          </Text>
          <HStack>
            <ExportButton kind="contacts" size="sm" variant="outline">
              CSV
            </ExportButton>
            <ExportButton kind="all_prospects" size="sm" variant="outline">
              All
            </ExportButton>
          </HStack>
        </Box>
      </StatGrid>
      <Flex gap="3" mb="4" direction={{ base: 'column', md: 'row' }}>
        <Input
          aria-label="Search contacts"
          placeholder="Search by name, email or phone"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <NativeSelect.Root maxW={{ md: '56' }}>
          <NativeSelect.Field
            aria-label="Spam filter"
            value={spam}
            onChange={(e) => {
              setSpam(e.target.value as 'exclude' | 'only');
              setPage(1);
              setSelected(null);
            }}
          >
            <option value="exclude">Real contacts</option>
            <option value="only">Suspected spam</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <ExportButton kind="contacts" variant="outline">
          Export Contacts
        </ExportButton>
      </Flex>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6">
        <Box>
          {contacts.isPending ? (
            <Spinner />
          ) : contacts.isError ? (
            <Text role="alert">Failed to fetch contacts. Please check your connection and try again.</Text>
          ) : contacts.data.contacts.length === 0 ? (
            <Text>No contacts found.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" m="0" gap="3" maxH={{ base: '96', lg: '60vh' }} overflowY="auto" aria-label="Contacts">
              {contacts.data.contacts.map((c) => (
                <Box as="li" key={c.id}>
                  <Box
                    as="button"
                    w="full"
                    textAlign="left"
                    borderWidth={selected?.id === c.id ? '2px' : '1px'}
                    rounded="md"
                    p="3"
                    onClick={() => setSelected(c)}
                    aria-pressed={selected?.id === c.id}
                    data-testid="contact-card"
                  >
                    <Text fontWeight="semibold">{contactName(c)}</Text>
                    <Text fontSize="sm">
                      {c.email}
                      {c.phone ? ` · ${c.phone}` : ''}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      <span data-testid="contact-source">{CONTACT_SOURCE_LABELS[c.source]}</span>
                      {c.propertyType ? ` · ${c.propertyType}` : ''} · {formatDate(c.createdAt)}
                      {c.leadId ? ' · converted' : ''}
                      {c.spamReason ? ' · suspected spam' : ''}
                    </Text>
                  </Box>
                </Box>
              ))}
            </Stack>
          )}
          <HStack mt="3" justify="space-between">
            <Text fontSize="sm" color="fg.muted">
              {contacts.data
                ? `${contacts.data.total} ${contacts.data.total === 1 ? 'contact' : 'contacts'} · page ${page} of ${pages}`
                : ''}
            </Text>
            <HStack>
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
              </Button>
            </HStack>
          </HStack>
        </Box>
        <DetailsPanel
          title="Contact details"
          open={current !== null}
          onClose={() => setSelected(null)}
          placeholder={<Text color="fg.muted">Select a contact to see its details.</Text>}
        >
          {current && (
            <Box borderWidth="1px" rounded="lg" p="4" data-testid="contact-details">
              <Heading as="h3" size="lg" mb="2">
                {contactName(current)}
              </Heading>
              <Stack gap="1" fontSize="sm" mb="3">
                <Text>Source: {CONTACT_SOURCE_LABELS[current.source]}</Text>
                <Text>Email: {current.email}</Text>
                <Text>Phone: {current.phone || '—'}</Text>
                <Text>Property type: {current.propertyType || '—'}</Text>
                {current.consentedAt ? <Text>Asked to be emailed: {formatDate(current.consentedAt)}</Text> : null}
                <Text>Services: {current.services.join(', ') || '—'}</Text>
                <Text>Heard from: {current.referralSource ?? '—'}</Text>
                {current.message && <Text whiteSpace="pre-wrap">Message: {current.message}</Text>}
                <Text>Received: {formatDate(current.createdAt)}</Text>
              </Stack>
              <HStack gap="3" wrap="wrap">
                {current.spamReason ? (
                  <Button
                    size="sm"
                    colorPalette="orange"
                    loading={restore.isPending}
                    onClick={() => restore.mutate(current.id, { onSuccess: (res) => setSelected(res.contact) })}
                  >
                    Not spam: restore contact
                  </Button>
                ) : null}
                <Button asChild size="sm" variant="outline">
                  <a href={`tel:${current.phone}`}>Call</a>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <a href={`mailto:${current.email}`}>Email</a>
                </Button>
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={convert.isPending}
                  disabled={current.leadId !== null}
                  onClick={() => convert.mutate(current.id, { onSuccess: (res) => setSelected({ ...current, leadId: res.lead.id }) })}
                >
                  {current.leadId !== null ? 'Converted to Lead' : 'Convert to Lead'}
                </Button>
              </HStack>
              <ContactPayments contactId={current.id} />
            </Box>
          )}
        </DetailsPanel>
      </Grid>
      <Box borderWidth="1px" rounded="lg" p="4" mt="6">
        <Heading as="h3" size="md" mb="2">
          Email marketing export
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="3">
          CSV files with firstName, lastName, email, phone, company, createdAt.
        </Text>
        <HStack wrap="wrap">
          <ExportButton kind="leads" size="sm" variant="outline">
            Leads only
          </ExportButton>
          <ExportButton kind="contacts" size="sm" variant="outline">
            Contacts only
          </ExportButton>
          <ExportButton kind="all_prospects" size="sm" variant="outline">
            All prospects
          </ExportButton>
        </HStack>
      </Box>
    </Box>
  );
}
