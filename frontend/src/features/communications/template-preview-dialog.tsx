/**
 * The template preview modal of the communications centre (staff-side.md §2): a stored template,
 * or the editor's unsaved subject and content, rendered by the server with a chosen lead's data
 * (sample values when no lead matches); the subject, the HTML in a sandboxed iframe and the plain text.
 */
import {
  Box,
  Button,
  chakra,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { type TemplatePreview } from '@ironclad/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fullName } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { useLeads } from '../leads/api/leads';
import { usePreviewTemplate } from './api/comms-api';
import { LoadingBlocks } from './ui';

/** What the preview modal shows: a stored template, or the editor's unsaved subject and content. */
export type PreviewSource = { templateId: number; name: string } | { subject: string; content: string; name: string };

/** The template preview modal (staff-side.md §2): the rendered subject, HTML and text for a chosen lead. */
export function TemplatePreviewDialog({ source, onClose }: { source: PreviewSource | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={source !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="xl"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{source && <TemplatePreviewBody source={source} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TemplatePreviewBody({ source }: { source: PreviewSource }) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search);
  const leads = useLeads({ search: debounced, status: 'all', page: 1, pageSize: 20 });
  const [leadId, setLeadId] = useState<number | null>(null);
  const preview = usePreviewTemplate();
  const options = leads.data?.leads ?? [];
  // The chosen lead while it is among the matches, else the newest match (none: sample values).
  const chosen = options.some((l) => l.id === leadId) ? leadId : (options[0]?.id ?? null);
  const { mutate } = preview;

  // Renders again whenever the template or the lead changes (once the lead list is known).
  useEffect(() => {
    if (leads.isPending) return;
    const body: TemplatePreview = {
      ...('templateId' in source ? { templateId: source.templateId } : { subject: source.subject, content: source.content }),
      ...(chosen ? { leadId: chosen } : {}),
    };
    mutate(body);
  }, [source, chosen, leads.isPending, mutate]);

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Preview: {source.name}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field.Root>
              <Field.Label>Find a lead</Field.Label>
              <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, email or phone" />
            </Field.Root>
            <Field.Root>
              <Field.Label>Lead</Field.Label>
              <NativeSelect.Root disabled={leads.isPending || options.length === 0}>
                <NativeSelect.Field value={chosen ?? ''} onChange={(e) => setLeadId(e.target.value ? Number(e.target.value) : null)}>
                  {options.map((l) => (
                    <option key={l.id} value={l.id}>
                      #{l.id} {fullName(l)} · {l.email}
                    </option>
                  ))}
                  {options.length === 0 && <option value="">{leads.isPending ? 'Loading…' : 'No lead found: sample values'}</option>}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            The template is rendered with the chosen lead’s data; escaped values show as typed.
          </Text>
          {preview.isPending || (!preview.data && !preview.isError) ? (
            <LoadingBlocks count={2} h="12" />
          ) : preview.isError ? (
            <Text role="alert" color="fg.error">
              Could not render the preview
              {preview.error instanceof ApiError && preview.error.body ? `: ${preview.error.body.message}` : '.'}
            </Text>
          ) : preview.data ? (
            <Box data-testid="template-preview">
              <Text fontSize="sm" color="fg.muted">
                Subject
              </Text>
              <Text fontWeight="semibold" mb="3" data-testid="preview-subject">
                {preview.data.subject}
              </Text>
              <Tabs.Root defaultValue="html" variant="line" size="sm">
                <Tabs.List>
                  <Tabs.Trigger value="html">HTML</Tabs.Trigger>
                  <Tabs.Trigger value="text">Plain text</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="html">
                  {/* sandbox without allow-scripts: the rendered email can never run code here. */}
                  <chakra.iframe
                    title="Email preview (HTML)"
                    sandbox=""
                    srcDoc={preview.data.html}
                    w="100%"
                    h="96"
                    borderWidth="1px"
                    rounded="md"
                    bg="white"
                  />
                </Tabs.Content>
                <Tabs.Content value="text">
                  <Box
                    as="pre"
                    whiteSpace="pre-wrap"
                    wordBreak="break-word"
                    fontSize="sm"
                    p="3"
                    borderWidth="1px"
                    rounded="md"
                    data-testid="preview-text"
                  >
                    {preview.data.text}
                  </Box>
                </Tabs.Content>
              </Tabs.Root>
            </Box>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </>
  );
}
