/**
 * The template create/edit modal of the communications centre (staff-side.md §2): name, category,
 * subject and content with Handlebars variables (escaped by the server when the email is
 * rendered), a button per variable to insert it at the cursor, and a preview of the unsaved text.
 */
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { EMAIL_CONTENT_MAX_LENGTH, TEMPLATE_VARIABLES, type EmailTemplate, type EmailTemplateBody } from '@ironclad/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { useSaveTemplate } from './api/comms-api';
import type { PreviewSource } from './template-preview-dialog';

/** Categories offered in the editor (free text is accepted too). */
const CATEGORIES = ['onboarding', 'follow-up', 'sales', 'marketing', 'other'];

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
