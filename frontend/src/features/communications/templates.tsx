/**
 * Email templates in the communications centre (staff-side.md §2, §3): the list,
 * the create/edit modal (Handlebars variables, escaped by the server) and the preview modal,
 * which renders a stored or unsaved template with a real lead's data.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  chakra,
  CloseButton,
  Dialog,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import {
  EMAIL_CONTENT_MAX_LENGTH,
  TEMPLATE_VARIABLES,
  type EmailTemplate,
  type EmailTemplateBody,
  type TemplatePreview,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LucideFileText } from 'lucide-react';
import { ApiError } from '../../lib/api';
import { formatDateTime, fullName } from '../../lib/format';
import { useDebounced } from '../../lib/use-debounced';
import { useLeads } from '../leads/api/leads';
import { templatesQuery, useDeleteTemplate, usePreviewTemplate, useSaveTemplate } from './api/comms-api';
import { EmptyNote, LoadingBlocks } from './ui';

/** Categories offered in the editor (free text is accepted too). */
const CATEGORIES = ['onboarding', 'follow-up', 'sales', 'marketing', 'other'];

/** What the preview modal shows: a stored template, or the editor's unsaved subject and content. */
type PreviewSource = { templateId: number; name: string } | { subject: string; content: string; name: string };

export function TemplatesPanel() {
  const templates = useQuery(templatesQuery);
  const del = useDeleteTemplate();
  const [editing, setEditing] = useState<EmailTemplate | 'new' | null>(null);
  const [preview, setPreview] = useState<PreviewSource | null>(null);
  return (
    <Box>
      <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
        <Text color="fg.muted" fontSize="sm">
          Templates use variables such as {'{{firstName}}'} and {'{{estimate}}'}; values are escaped when the email is rendered.
        </Text>
        <Button colorPalette="brand" onClick={() => setEditing('new')}>
          New template
        </Button>
      </Flex>
      {templates.isPending ? (
        <LoadingBlocks h="24" />
      ) : templates.isError ? (
        <Text role="alert" color="fg.error">
          Failed to load communication data
        </Text>
      ) : templates.data.length === 0 ? (
        <EmptyNote icon={LucideFileText} title="No templates">
          Create one with New template.
        </EmptyNote>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-label="Email templates">
          {templates.data.map((t) => (
            <Card.Root as="li" key={t.id} variant="outline" data-testid="template-card" listStyleType="none">
              <Card.Body gap="2">
                <HStack justify="space-between" align="start" gap="2">
                  <Heading as="h3" size="md" wordBreak="break-word">
                    {t.name}
                  </Heading>
                  <HStack gap="1">
                    <Badge variant="subtle">{t.category}</Badge>
                    {t.isDefault && <Badge colorPalette="blue">Default</Badge>}
                  </HStack>
                </HStack>
                <Text fontSize="sm" fontWeight="semibold">
                  {t.subject}
                </Text>
                <Text fontSize="sm" color="fg.muted" lineClamp={3} whiteSpace="pre-wrap">
                  {t.content}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  Updated {formatDateTime(t.updatedAt)}
                </Text>
              </Card.Body>
              <Card.Footer gap="2" flexWrap="wrap">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setPreview({ templateId: t.id, name: t.name })}
                  aria-label={`Preview ${t.name}`}
                >
                  Preview
                </Button>
                <Button size="sm" variant="outline" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                  Edit
                </Button>
                {!t.isDefault && (
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    disabled={del.isPending}
                    aria-label={`Delete ${t.name}`}
                    onClick={() => {
                      if (window.confirm(`Delete the template "${t.name}"?`)) del.mutate(t.id);
                    }}
                  >
                    Delete
                  </Button>
                )}
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      <TemplateEditorDialog template={editing} onClose={() => setEditing(null)} onPreview={setPreview} />
      <TemplatePreviewDialog source={preview} onClose={() => setPreview(null)} />
    </Box>
  );
}

/** The template create/edit modal (staff-side.md §2). */
export function TemplateEditorDialog({
  template,
  onClose,
  onPreview,
}: {
  template: EmailTemplate | 'new' | null;
  onClose: () => void;
  onPreview: (s: PreviewSource) => void;
}) {
  return (
    <Dialog.Root
      open={template !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="lg"
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {template !== null && (
              <TemplateEditor
                key={template === 'new' ? 'new' : template.id}
                template={template === 'new' ? null : template}
                onDone={onClose}
                onPreview={onPreview}
              />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TemplateEditor({
  template,
  onDone,
  onPreview,
}: {
  template: EmailTemplate | null;
  onDone: () => void;
  onPreview: (s: PreviewSource) => void;
}) {
  const save = useSaveTemplate();
  const formId = useId();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const [values, setValues] = useState<EmailTemplateBody>(() => ({
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    content: template?.content ?? '',
    category: template?.category ?? 'follow-up',
  }));
  const set = (k: keyof EmailTemplateBody, v: string) => setValues((old) => ({ ...old, [k]: v }));
  const fieldErrors = save.error instanceof ApiError ? save.error.body?.details?.fieldErrors : undefined;
  const missing = (Object.keys(values) as (keyof EmailTemplateBody)[]).filter((k) => !values[k].trim());

  /** Inserts `{{variable}}` at the content's cursor. */
  const insertVariable = (v: string) => {
    const el = contentRef.current;
    const token = `{{${v}}}`;
    const start = el?.selectionStart ?? values.content.length;
    const end = el?.selectionEnd ?? values.content.length;
    set('content', values.content.slice(0, start) + token + values.content.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (missing.length) return;
    save.mutate(
      {
        id: template?.id ?? null,
        body: { name: values.name.trim(), subject: values.subject.trim(), content: values.content, category: values.category.trim() },
      },
      { onSuccess: onDone },
    );
  };
  const err = (k: keyof EmailTemplateBody) => fieldErrors?.[k]?.[0];

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{template ? `Edit template: ${template.name}` : 'New template'}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} onSubmit={submit} noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <Field.Root required invalid={!!err('name')}>
                <Field.Label>
                  Name
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input value={values.name} onChange={(e) => set('name', e.target.value)} maxLength={100} placeholder="e.g. spring-offer" />
                <Field.ErrorText>{err('name')}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={!!err('category')}>
                <Field.Label>
                  Category
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={values.category} onChange={(e) => set('category', e.target.value)}>
                    {[...new Set([...CATEGORIES, values.category])].filter(Boolean).map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{err('category')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            <Field.Root required invalid={!!err('subject')}>
              <Field.Label>
                Subject
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={values.subject}
                onChange={(e) => set('subject', e.target.value)}
                maxLength={300}
                placeholder="Your security estimate, {{firstName}}"
              />
              <Field.ErrorText>{err('subject')}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={!!err('content')}>
              <Field.Label>
                Content
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                ref={contentRef}
                value={values.content}
                onChange={(e) => set('content', e.target.value)}
                rows={10}
                maxLength={EMAIL_CONTENT_MAX_LENGTH}
                fontFamily="mono"
                fontSize="sm"
              />
              <Field.HelperText>
                Plain text with line breaks; the HTML part and the unsubscribe footer are added when sending.
              </Field.HelperText>
              <Field.ErrorText>{err('content')}</Field.ErrorText>
            </Field.Root>
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="1" id={`${formId}-vars`}>
                Insert a variable
              </Text>
              <Wrap gap="1" role="group" aria-labelledby={`${formId}-vars`}>
                {TEMPLATE_VARIABLES.map((v) => (
                  <Button key={v} size="xs" variant="subtle" fontFamily="mono" onClick={() => insertVariable(v)}>{`{{${v}}}`}</Button>
                ))}
              </Wrap>
            </Box>
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">
        <Button
          variant="outline"
          disabled={!values.subject.trim() || !values.content.trim()}
          onClick={() => onPreview({ subject: values.subject, content: values.content, name: values.name || 'Unsaved template' })}
        >
          Preview
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" form={formId} colorPalette="brand" disabled={missing.length > 0} loading={save.isPending}>
          Save template
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </>
  );
}

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
