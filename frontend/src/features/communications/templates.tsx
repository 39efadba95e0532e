/**
 * Email templates in the communications centre (staff-side.md §2, §3): the list of template cards
 * (preview, edit, delete) and the two modals they open, the editor (template-editor-dialog.tsx)
 * and the preview (template-preview-dialog.tsx).
 */
import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { type EmailTemplate } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LucideFileText } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { templatesQuery, useDeleteTemplate } from './api/comms-api';
import { TemplateEditorDialog } from './template-editor-dialog';
import { TemplatePreviewDialog, type PreviewSource } from './template-preview-dialog';
import { EmptyNote, LoadingBlocks } from './ui';

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
