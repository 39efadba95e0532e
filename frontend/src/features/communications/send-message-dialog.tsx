/**
 * The "send email/SMS to a lead" modal (staff-side.md §2), shared by the leads tab, the CRM lead
 * modal and the centre's Lead Management tab: an email from a stored template (or, in the
 * centre, a free-text email), a text message (pre-filled with the fixed SMS follow-up text,
 * staff-side.md §9) or, in the centre, a call note. Sending enqueues the message: the dialog then
 * says it is queued and shows the real outcome as it arrives over Socket.IO (sent; not delivered
 * with the reason; failed with the provider's message), as the lead's timeline does.
 */
import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { CALL_NOTE_MAX_LENGTH, DEFAULT_TEST_TEMPLATE, SMS_MAX_LENGTH, type MessagePreview } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { usePublicConfig } from '../site-config/public-config';
import {
  errorText,
  messagePreviewQuery,
  templateLabel,
  templatesQuery,
  useSendToLead,
  type CommsScreen,
  type LeadMessage,
} from './api/comms-api';
import { useMessageOutcomes, type MessageOutcome } from './comms-socket';
import { ACTIVITY_LABELS, MESSAGE_STATUS_COLORS, MESSAGE_STATUS_LABELS } from './format';
import { ChoiceGroup } from './ui';

/** The lead a message goes to. */
export interface MessageRecipient {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
}

export type MessageType = 'email' | 'sms' | 'call';
/** Value of the template select that switches to a free-text email (centre only). */
const CUSTOM = '__custom__';

/** The fixed SMS follow-up text (staff-side.md §9), with the lead's first name and the company facts. */
export function smsFollowUpText(firstName: string | null, company: { name: string; phone: string }): string {
  return `Hi${firstName ? ` ${firstName}` : ''}, this is ${company.name} following up on your security system estimate. Questions? Call us at ${company.phone}. Reply STOP to opt out.`;
}

export function SendMessageDialog({
  lead,
  type: initialType,
  screen,
  onClose,
}: {
  lead: MessageRecipient | null;
  type: MessageType;
  screen: CommsScreen;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={lead !== null}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {lead && (
              <SendMessageForm key={`${lead.id}-${initialType}`} lead={lead} initialType={initialType} screen={screen} onDone={onClose} />
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SendMessageForm({
  lead,
  initialType,
  screen,
  onDone,
}: {
  lead: MessageRecipient;
  initialType: MessageType;
  screen: CommsScreen;
  onDone: () => void;
}) {
  const { company } = usePublicConfig();
  const templates = useQuery(templatesQuery);
  const send = useSendToLead(screen);
  // Listening from the start: the worker's outcome may come before the API's answer is handled.
  const outcomes = useMessageOutcomes(lead.id);
  const [queued, setQueued] = useState<{ id: number; channel: 'email' | 'sms' } | null>(null);
  const [type, setType] = useState<MessageType>(initialType);
  const [template, setTemplate] = useState(DEFAULT_TEST_TEMPLATE);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState(() => (initialType === 'sms' ? smsFollowUpText(lead.firstName, company) : ''));
  const formId = useId();
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(' ') || lead.email;
  const types: MessageType[] = screen === 'centre' ? ['email', 'sms', 'call'] : ['email', 'sms'];
  const custom = type === 'email' && template === CUSTOM;

  // A new type starts from its own default text.
  useEffect(() => {
    setMessage(type === 'sms' ? smsFollowUpText(lead.firstName, company) : '');
  }, [type, lead.firstName, company]);

  // What would be sent, previewed by the server once the text has settled for a moment.
  const wanted: MessagePreview | null =
    type === 'call' || noPhoneOf(type, lead)
      ? null
      : type === 'sms'
        ? message.trim()
          ? { type, message: message.trim() }
          : null
        : custom
          ? message.trim()
            ? { type, message: message.trim(), ...(subject.trim() ? { subject: subject.trim() } : {}) }
            : null
          : template
            ? { type, template }
            : null;
  const previewBody = useSettled(wanted, 400);

  const max = type === 'sms' ? SMS_MAX_LENGTH : type === 'call' ? CALL_NOTE_MAX_LENGTH : undefined;
  const needsText = type !== 'email' || custom;
  const noPhone = type === 'sms' && !lead.phone;
  const canSend =
    !send.isPending && !noPhone && (!needsText || message.trim().length > 0) && (type !== 'email' || custom || template !== '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!canSend) return;
    const m: LeadMessage =
      type === 'email'
        ? custom
          ? { leadId: lead.id, type, subject: subject.trim() || undefined, message: message.trim() }
          : { leadId: lead.id, type, template }
        : { leadId: lead.id, type, message: message.trim() };
    send.mutate(m, {
      onSuccess: (res) => {
        if ('message' in res) setQueued({ id: res.message.id, channel: res.message.channel });
        else onDone();
      },
    });
  };

  if (queued) return <SendOutcome name={name} queued={queued} outcome={outcomes.get(queued.id)} onDone={onDone} />;

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Send to {name}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} onSubmit={submit} noValidate>
          <Stack gap="4">
            <ChoiceGroup
              label="Message type"
              value={type}
              options={types.map((t) => ({ value: t, label: ACTIVITY_LABELS[t] }))}
              onChange={setType}
            />
            <Text fontSize="sm" color="fg.muted">
              {type === 'email'
                ? `To ${lead.email}`
                : type === 'sms'
                  ? lead.phone
                    ? `To ${lead.phone}`
                    : 'This lead has no phone number.'
                  : 'A note on the lead’s timeline; nothing is sent.'}
            </Text>
            {type === 'email' && (
              <Field.Root>
                <Field.Label>Template</Field.Label>
                <NativeSelect.Root disabled={templates.isPending}>
                  <NativeSelect.Field value={template} onChange={(e) => setTemplate(e.target.value)}>
                    {(templates.data ?? []).map((t) => (
                      <option key={t.id} value={t.name}>
                        {templateLabel(t.name)}
                      </option>
                    ))}
                    {templates.isPending && <option value={template}>{template}</option>}
                    {screen === 'centre' && <option value={CUSTOM}>Custom message…</option>}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            {custom && (
              <Field.Root>
                <Field.Label>Subject</Field.Label>
                <Input
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                  maxLength={300}
                  placeholder={`A message from ${company.name}`}
                />
              </Field.Root>
            )}
            {needsText && (
              <Field.Root required invalid={send.isError && !message.trim()}>
                <Field.Label>
                  {type === 'call' ? 'Call note' : 'Message'}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  rows={type === 'sms' ? 4 : 6}
                  maxLength={max}
                  autoresize
                />
                {max && (
                  <Field.HelperText>
                    {message.length} / {max} characters
                  </Field.HelperText>
                )}
              </Field.Root>
            )}
            {type !== 'call' && !noPhone && <MessagePreviewBox leadId={lead.id} body={previewBody} />}
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" form={formId} colorPalette="brand" disabled={!canSend} loading={send.isPending}>
          {type === 'call' ? 'Save call note' : `Send ${ACTIVITY_LABELS[type]}`}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </>
  );
}

/**
 * After a send: "queued" until the worker's outcome arrives (lead:activity), then the stored
 * status, with the not-delivered reason or the provider's failure message. Announced politely.
 */
function SendOutcome({
  name,
  queued,
  outcome,
  onDone,
}: {
  name: string;
  queued: { id: number; channel: 'email' | 'sms' };
  outcome: MessageOutcome | undefined;
  onDone: () => void;
}) {
  const label = queued.channel === 'email' ? 'Email' : 'SMS';
  const status = outcome?.status ?? 'queued';
  const waiting = status === 'queued' || status === 'sending';
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>Send to {name}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3" aria-live="polite" data-testid="send-outcome" data-status={status}>
          <HStack gap="2">
            {waiting && <Spinner size="sm" aria-hidden />}
            <Text>
              {waiting
                ? `${label} queued. Waiting for the delivery outcome…`
                : status === 'sent'
                  ? `${label} sent: the provider accepted it.`
                  : status === 'not_delivered'
                    ? `${label} not delivered.`
                    : status === 'failed'
                      ? `${label} failed.`
                      : `${label}: ${MESSAGE_STATUS_LABELS[status]}.`}
            </Text>
            <Badge colorPalette={MESSAGE_STATUS_COLORS[status]}>{MESSAGE_STATUS_LABELS[status]}</Badge>
          </HStack>
          {outcome?.error && (
            <Text fontSize="sm" color={status === 'failed' ? 'fg.error' : 'fg.warning'} data-testid="send-outcome-reason">
              {outcome.error}
            </Text>
          )}
          {waiting && (
            <Text fontSize="sm" color="fg.muted">
              You can close this dialog: the outcome also appears on the lead’s timeline.
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="brand" onClick={onDone}>
          Done
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </>
  );
}

const noPhoneOf = (type: MessageType, lead: MessageRecipient) => type === 'sms' && !lead.phone;

/** `value` once it has stayed the same (by JSON) for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(t);
  }, [key, ms]);
  return settled;
}

/**
 * The rendered message for this lead, as the server would send it (same templating): recipient,
 * subject and text. Loading, empty and error states; the text is shown as text (never as HTML).
 */
function MessagePreviewBox({ leadId, body }: { leadId: number; body: MessagePreview | null }) {
  const q = useQuery(messagePreviewQuery(leadId, body));
  return (
    <Box as="section" aria-labelledby={`preview-${leadId}`} borderWidth="1px" rounded="md" p="3" bg="bg.subtle" data-testid="send-preview">
      <Text id={`preview-${leadId}`} fontWeight="semibold" fontSize="sm" mb="1">
        Preview for this lead
      </Text>
      {body === null ? (
        <Text fontSize="sm" color="fg.muted">
          Write a message to see it as the lead will receive it.
        </Text>
      ) : q.isPending ? (
        <HStack gap="2" fontSize="sm" color="fg.muted">
          <Spinner size="xs" aria-hidden /> <Text>Rendering the preview…</Text>
        </HStack>
      ) : q.isError ? (
        <Text fontSize="sm" color="fg.error" role="alert">
          {previewErrorText(q.error)}
        </Text>
      ) : (
        <Stack gap="1" fontSize="sm" aria-busy={q.isFetching}>
          <Text color="fg.muted">To {q.data.recipient}</Text>
          {q.data.subject !== null && (
            <Text data-testid="send-preview-subject">
              <Text as="span" fontWeight="medium">
                Subject:
              </Text>{' '}
              {q.data.subject}
            </Text>
          )}
          <Text whiteSpace="pre-wrap" maxH="48" overflowY="auto" tabIndex={0} aria-label="Rendered message" data-testid="send-preview-text">
            {q.data.text}
          </Text>
        </Stack>
      )}
    </Box>
  );
}

/** The first field error of a 400 (e.g. "Lead 7 has no valid phone number."), else the API's message. */
function previewErrorText(err: unknown): string {
  const body = err && typeof err === 'object' && 'body' in err ? (err as { body: unknown }).body : null;
  const fieldErrors = (body as { details?: { fieldErrors?: Record<string, string[]> } } | null)?.details?.fieldErrors;
  const first = fieldErrors ? Object.values(fieldErrors)[0]?.[0] : undefined;
  return first ?? errorText(err) ?? 'The preview could not be loaded.';
}
