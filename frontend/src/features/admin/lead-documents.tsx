/**
 * Documents stored for a lead (the PDF estimates the worker rendered and emailed),
 * shown in the leads tab's details panel with a download link each.
 * GET /api/leads/:id/documents; the link is GET /api/leads/:id/documents/:documentId/pdf (an
 * attachment, same-origin with the staff session cookie).
 */
import { Box, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { LeadDocumentKind } from '@ironclad/contracts';
import { formatDate, formatUsd } from '../../lib/format';
import { useLeadDocuments } from '../leads/api/leads';

const KIND_LABELS: Record<LeadDocumentKind, string> = { estimate_pdf: 'PDF estimate', quote_pdf: 'Quote PDF' };

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The lead's stored documents, newest first, each with a "Download PDF" link; nothing to show says so. */
export function LeadDocuments({ leadId }: { leadId: number }) {
  const docs = useLeadDocuments(leadId);
  return (
    <Box mb="4" data-testid="lead-documents">
      <Heading as="h4" size="sm">
        Documents
      </Heading>
      {docs.isPending ? (
        <Spinner size="sm" />
      ) : docs.isError ? (
        <Text fontSize="sm" role="alert">
          Could not load the documents.
        </Text>
      ) : docs.data.documents.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No documents yet.
        </Text>
      ) : (
        <Stack as="ul" gap="1" fontSize="sm">
          {docs.data.documents.map((d) => (
            <li key={d.id}>
              {KIND_LABELS[d.kind]} {d.filename} · {formatUsd(d.total)} · {formatDate(d.createdAt)} · {kb(d.byteSize)} ·{' '}
              <Link href={d.downloadUrl} download={d.filename} colorPalette="blue" aria-label={`Download PDF ${d.filename}`}>
                Download PDF
              </Link>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}
