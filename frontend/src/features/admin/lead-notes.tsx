/**
 * Notes on a lead (issue 22 point 6): the lead's notes, newest first, a form to add one and, on
 * the notes the signed-in user wrote, Edit. Stored on the server (GET/POST/PATCH
 * /api/leads/{id}/notes) and shown on the lead's activity timeline too.
 */
import { Box, Button, Field, Heading, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { LEAD_NOTE_MAX_LENGTH, type LeadNote } from '@ironclad/contracts';
import { useId, useState, type FormEvent } from 'react';
import { formatDate } from '../../lib/format';
import { useLeadNotes, useSaveNote } from '../leads/api/workspace';

/** The notes block of a lead's details. */
export function LeadNotes({ leadId }: { leadId: number }) {
  const notes = useLeadNotes(leadId);
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} mt="4" data-testid="lead-notes">
      <Heading as="h4" size="sm" mb="2" id={headingId}>
        Notes
      </Heading>
      <NoteForm leadId={leadId} label="New note" submitLabel="Add note" />
      {notes.isPending ? (
        <Spinner size="sm" mt="2" />
      ) : notes.isError ? (
        <Text role="alert" mt="2">
          Could not load the notes.
        </Text>
      ) : notes.data.notes.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" mt="2">
          No notes yet.
        </Text>
      ) : (
        <Stack as="ul" listStyleType="none" m="0" mt="3" gap="2" aria-labelledby={headingId}>
          {notes.data.notes.map((n) => (
            <NoteItem key={n.id} leadId={leadId} note={n} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function NoteItem({ leadId, note }: { leadId: number; note: LeadNote }) {
  const [editing, setEditing] = useState(false);
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="2" data-testid="lead-note">
      {editing ? (
        <NoteForm leadId={leadId} label="Edit note" submitLabel="Save note" note={note} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Text fontSize="sm" whiteSpace="pre-wrap">
            {note.body}
          </Text>
          <HStack justify="space-between" mt="1" gap="2" wrap="wrap">
            <Text fontSize="xs" color="fg.muted">
              {note.authorName ?? note.authorEmail} · {formatDate(note.createdAt)}
              {note.updatedAt !== note.createdAt ? ' · edited' : ''}
            </Text>
            {note.editable && (
              <Button size="2xs" variant="outline" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </HStack>
        </>
      )}
    </Box>
  );
}

/** Add (no `note`) or edit a note. */
function NoteForm({
  leadId,
  label,
  submitLabel,
  note,
  onDone,
}: {
  leadId: number;
  label: string;
  submitLabel: string;
  note?: LeadNote;
  onDone?: () => void;
}) {
  const [body, setBody] = useState(note?.body ?? '');
  const save = useSaveNote(leadId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return;
    save.mutate(
      { noteId: note?.id, body },
      {
        onSuccess: () => {
          setBody('');
          onDone?.();
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Field.Root>
        <Field.Label fontSize="sm">{label}</Field.Label>
        <Textarea value={body} onChange={(e) => setBody(e.target.value)} rows={2} maxLength={LEAD_NOTE_MAX_LENGTH} size="sm" />
      </Field.Root>
      <HStack mt="2" gap="2">
        <Button type="submit" size="xs" colorPalette="brand" disabled={!body.trim()} loading={save.isPending}>
          {submitLabel}
        </Button>
        {onDone && (
          <Button size="xs" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </HStack>
    </form>
  );
}
