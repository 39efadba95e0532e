/**
 * Communications API client (staff-side.md §7, §8): status, templates, single sends, tests, bulk
 * campaigns, activity timelines. Every answer is validated with its contract schema; every
 * failure shows the staff-side.md §8 toast of the screen it happened on (COMMUNICATION_TEXTS).
 */
import {
  bulkCommunicationResponseSchema,
  campaignResponseSchema,
  campaignsResponseSchema,
  communicationStatusSchema,
  COMMUNICATION_TEXTS,
  emailTemplateResponseSchema,
  emailTemplatesResponseSchema,
  leadActivitiesResponseSchema,
  leadActivityItemsResponseSchema,
  messagePreviewResponseSchema,
  quickTestResponseSchema,
  sendCommunicationResponseSchema,
  sendMessageResponseSchema,
  undeliveredMessagesResponseSchema,
  templatePreviewResponseSchema,
  testResultSchema,
  type BulkCommunication,
  type CallNoteResponse,
  type SendMessageResponse,
  type Campaign,
  type CommunicationChannel,
  type EmailTemplateBody,
  type MessagePreview,
  type QuickTestCommunication,
  type SendCommunication,
  type TemplatePreview,
  type TestCommunication,
  type TestDirectCommunication,
  type TestResult,
} from '@ironclad/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toaster';
import { apiRequest } from '../../../lib/api';
import { commsKeys } from './keys';

/** Where a shared communication tool is shown: the §8 wording differs between the two screens. */
export type CommsScreen = 'dashboard' | 'centre';

// --- queries ---

/**
 * GET /api/communication-status: providers configured, masked SendGrid key, Twilio number, total
 * leads. Failure toast: dashboard "Failed to load communication status"; centre "Error" /
 * "Failed to load communication data".
 */
export function communicationStatusQuery(screen: CommsScreen) {
  return queryOptions({
    queryKey: commsKeys.status,
    queryFn: ({ signal }) => apiRequest('GET', '/api/communication-status', { schema: communicationStatusSchema, signal }),
    meta: {
      errorToast:
        screen === 'dashboard'
          ? { title: COMMUNICATION_TEXTS.loadStatusFailed }
          : { title: 'Error', description: COMMUNICATION_TEXTS.loadDataFailed },
    },
  });
}

/** GET /api/email-templates (the seeded welcome, follow-up, proposal and staff-made ones). */
export const templatesQuery = queryOptions({
  queryKey: commsKeys.templates,
  queryFn: ({ signal }) =>
    apiRequest('GET', '/api/email-templates', { schema: emailTemplatesResponseSchema, signal }).then((r) => r.templates),
  meta: { errorToast: { title: 'Error', description: COMMUNICATION_TEXTS.loadDataFailed } },
});

/**
 * A template's name as staff read it ("follow_up" → "Follow up"): the choices show names, never
 * the template's Handlebars source.
 */
export function templateLabel(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * POST /api/leads/{id}/message-preview: the message rendered for this lead by the server, with
 * the same templating as the send. `body` null = nothing to preview yet (query disabled).
 */
export function messagePreviewQuery(leadId: number, body: MessagePreview | null) {
  return queryOptions({
    queryKey: [...commsKeys.messagePreview(leadId), body],
    queryFn: ({ signal }) =>
      apiRequest('POST', `/api/leads/${leadId}/message-preview`, { body: body!, schema: messagePreviewResponseSchema, signal }),
    enabled: body !== null,
    retry: false,
    staleTime: 30_000,
  });
}

/** GET /api/campaigns: stored campaigns with their counts, newest first. */
export const campaignsQuery = queryOptions({
  queryKey: commsKeys.campaigns,
  queryFn: ({ signal }) => apiRequest('GET', '/api/campaigns', { schema: campaignsResponseSchema, signal }).then((r) => r.campaigns),
  meta: { errorToast: { title: 'Error', description: COMMUNICATION_TEXTS.loadDataFailed } },
});

/** GET /api/campaigns/{id} (the details modal). */
export function campaignQuery(id: number) {
  return queryOptions({
    queryKey: commsKeys.campaign(id),
    queryFn: ({ signal }) => apiRequest('GET', `/api/campaigns/${id}`, { schema: campaignResponseSchema, signal }).then((r) => r.campaign),
  });
}

/** GET /api/lead-activities?limit: the most recently active leads, each with its timeline. */
export function leadActivitiesQuery(limit = 50) {
  return queryOptions({
    queryKey: [...commsKeys.activities, limit],
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/lead-activities?limit=${limit}`, { schema: leadActivitiesResponseSchema, signal }).then((r) => r.activities),
    meta: { errorToast: { title: 'Error', description: COMMUNICATION_TEXTS.loadDataFailed } },
  });
}

/** Filters and page of the Lead Activity tab (empty string = no filter). */
export interface LeadActivityPageParams {
  page: number;
  pageSize: number;
  search: string;
  type: string;
  channel: string;
  from: string;
  to: string;
}

/** GET /api/lead-activities with filters and paging: `{activities, total, page, pageSize}`. */
export function leadActivityPageQuery(p: LeadActivityPageParams) {
  return queryOptions({
    queryKey: [...commsKeys.activities, 'page', p],
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ limit: String(p.pageSize), page: String(p.page) });
      for (const key of ['search', 'type', 'channel', 'from', 'to'] as const) if (p[key].trim()) qs.set(key, p[key].trim());
      return apiRequest('GET', `/api/lead-activities?${qs}`, { schema: leadActivitiesResponseSchema, signal });
    },
    placeholderData: keepPreviousData,
    meta: { errorToast: { title: 'Error', description: COMMUNICATION_TEXTS.loadDataFailed } },
  });
}

/** GET /api/leads/{id}/activities: one lead's timeline, newest first. */
export function leadTimelineQuery(leadId: number) {
  return queryOptions({
    queryKey: commsKeys.timeline(leadId),
    queryFn: ({ signal }) =>
      apiRequest('GET', `/api/leads/${leadId}/activities`, { schema: leadActivityItemsResponseSchema, signal }).then((r) => r.activities),
  });
}

export const useCommunicationStatus = (screen: CommsScreen) => useQuery(communicationStatusQuery(screen));

// --- sends to one lead ---

/**
 * A message to one lead: an email from a stored template, a free-text email, a text message or a
 * call note (stored on the timeline, nothing sent).
 */
export type LeadMessage =
  | { leadId: number; type: 'email'; template: string }
  | { leadId: number; type: 'email'; template?: undefined; subject?: string; message: string }
  | { leadId: number; type: 'sms'; message: string }
  | { leadId: number; type: 'call'; message: string };

/** The endpoint of a message: the leads tab / CRM send to /leads/{id}/send-*, the centre to /send-communication. */
function postLeadMessage(m: LeadMessage, screen: CommsScreen): Promise<SendMessageResponse | CallNoteResponse> {
  if (m.type === 'email' && m.template !== undefined)
    return apiRequest('POST', `/api/leads/${m.leadId}/send-email`, { body: { template: m.template }, schema: sendMessageResponseSchema });
  if (m.type === 'sms' && screen === 'dashboard')
    return apiRequest('POST', `/api/leads/${m.leadId}/send-sms`, { body: { message: m.message }, schema: sendMessageResponseSchema });
  const body: SendCommunication = {
    leadId: m.leadId,
    type: m.type,
    message: m.message,
    ...(m.type === 'email' && m.subject ? { subject: m.subject } : {}),
  };
  return apiRequest('POST', '/api/send-communication', { body, schema: sendCommunicationResponseSchema });
}

/**
 * Sends (enqueues; 202) a message to one lead and refreshes its timeline. Toasts (§8): in the
 * admin dashboard "Email Sent" / "SMS Sent" or "Failed to send email" / "Failed to send SMS"; in
 * the centre "{Email|SMS|Call note} sent successfully" or "Failed to send {type}".
 */
export function useSendToLead(screen: CommsScreen) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: LeadMessage) => postLeadMessage(m, screen),
    onSuccess: (_res, m) => {
      // Only queued so far: the outcome follows live (send dialog, timeline), never claimed here.
      notify(
        m.type === 'call'
          ? { type: 'success', title: COMMUNICATION_TEXTS.callNoteSaved }
          : { type: 'info', title: COMMUNICATION_TEXTS.queued(m.type), description: COMMUNICATION_TEXTS.queuedDescription },
      );
      return Promise.all([
        qc.invalidateQueries({ queryKey: commsKeys.timeline(m.leadId) }),
        qc.invalidateQueries({ queryKey: commsKeys.activities }),
      ]);
    },
    onError: (err, m) =>
      notify({
        type: 'error',
        title:
          screen === 'centre' || m.type === 'call'
            ? COMMUNICATION_TEXTS.sendFailed(m.type === 'call' ? 'call note' : m.type)
            : m.type === 'email'
              ? COMMUNICATION_TEXTS.sendEmailFailed
              : COMMUNICATION_TEXTS.sendSmsFailed,
        description: errorText(err),
      }),
  });
}

/**
 * POST /api/messages/{id}/send-now: staff send a message that was held back (`suppressed`: over
 * the per-recipient cap, or gathered into the new-lead digest); the timelines are refreshed.
 * Toasts "Message queued" or "Could not send the message" with the server's reason (409: already
 * sent; 503: queue unavailable, still suppressed).
 */
export function useSendSuppressedNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => apiRequest('POST', `/api/messages/${messageId}/send-now`, { schema: sendMessageResponseSchema }),
    onSuccess: (res) => {
      notify({ type: 'success', title: 'Message queued', description: `Sending to ${res.message.recipient}.` });
      return Promise.all([
        res.message.leadId !== null ? qc.invalidateQueries({ queryKey: commsKeys.timeline(res.message.leadId) }) : undefined,
        qc.invalidateQueries({ queryKey: commsKeys.activities }),
      ]);
    },
    onError: (err) => notify({ type: 'error', title: 'Could not send the message', description: errorText(err) }),
  });
}

/** GET /api/messages/undelivered: the "Email not delivered" action items (refreshed every 30 s). */
export const undeliveredMessagesQuery = {
  queryKey: [...commsKeys.activities, 'undelivered'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest('GET', '/api/messages/undelivered', { schema: undeliveredMessagesResponseSchema, signal }),
  refetchInterval: 30_000,
};

/** POST /api/messages/{id}/resend: a failed message sent again as a new message (own idempotency key). */
export function useResendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => apiRequest('POST', `/api/messages/${messageId}/resend`, { schema: sendMessageResponseSchema }),
    onSuccess: (res) => {
      notify({ type: 'success', title: 'Message resent', description: `A new message to ${res.message.recipient} is queued.` });
      return Promise.all([
        res.message.leadId !== null ? qc.invalidateQueries({ queryKey: commsKeys.timeline(res.message.leadId) }) : undefined,
        qc.invalidateQueries({ queryKey: commsKeys.activities }),
      ]);
    },
    onError: (err) => notify({ type: 'error', title: 'Could not resend the message', description: errorText(err) }),
  });
}

// --- tests ---

/** Key shared by every test mutation: while one runs, every test button is disabled (§5). */
export const TEST_MUTATION_KEY = commsKeys.test;

/** Shows a test result: the server's message titled Success or Error by its flag (§8). */
export function notifyTestResult(r: TestResult): void {
  notify({ title: r.success ? 'Success' : 'Error', description: r.message, type: r.success ? 'success' : 'error' });
}

/** POST /api/test-communication by lead ID (or, in the centre, to a recipient). Failure: "Failed to test {type}". */
export function useTestCommunication() {
  return useMutation({
    mutationKey: TEST_MUTATION_KEY,
    mutationFn: (body: Partial<TestCommunication> & Pick<TestCommunication, 'type'>) =>
      apiRequest('POST', '/api/test-communication', { body, schema: testResultSchema }),
    onSuccess: notifyTestResult,
    onError: (err, v) => notify({ title: COMMUNICATION_TEXTS.testFailed(v.type), description: errorText(err), type: 'error' }),
  });
}

/**
 * A direct test to an address or number. Dashboard: POST /api/test-direct-communication
 * {type, email | phone, template, message}, failure "Failed to test direct {type}". Centre
 * (staff-side.md §7: "the communications centre instead sends type and recipient"):
 * POST /api/test-communication {type, recipient}, failure "Failed to test {type}".
 */
export function useDirectTest(screen: CommsScreen) {
  return useMutation({
    mutationKey: TEST_MUTATION_KEY,
    mutationFn: (v: { type: CommunicationChannel; recipient: string; template?: string; message?: string }) =>
      screen === 'dashboard'
        ? apiRequest('POST', '/api/test-direct-communication', {
            body: {
              type: v.type,
              ...(v.type === 'email' ? { email: v.recipient, template: v.template } : { phone: v.recipient, message: v.message }),
            } satisfies Partial<TestDirectCommunication>,
            schema: testResultSchema,
          })
        : apiRequest('POST', '/api/test-communication', {
            body: { type: v.type, recipient: v.recipient } satisfies Partial<TestCommunication>,
            schema: testResultSchema,
          }),
    onSuccess: notifyTestResult,
    onError: (err, v) =>
      notify({
        title: screen === 'dashboard' ? COMMUNICATION_TEXTS.testDirectFailed(v.type) : COMMUNICATION_TEXTS.testFailed(v.type),
        description: errorText(err),
        type: 'error',
      }),
  });
}

/** POST /api/quick-test-communication {email?, phone?} → results.email / results.sms. Failure: "Test failed". */
export function useQuickTest() {
  return useMutation({
    mutationKey: TEST_MUTATION_KEY,
    mutationFn: (body: QuickTestCommunication) =>
      apiRequest('POST', '/api/quick-test-communication', { body, schema: quickTestResponseSchema }),
    meta: { errorToast: { title: COMMUNICATION_TEXTS.testGenericFailed } },
  });
}

// --- templates ---

/** POST /api/email-templates or PUT /api/email-templates/{id}: "Template saved successfully" / "Failed to save template". */
export function useSaveTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: EmailTemplateBody }) =>
      apiRequest(id === null ? 'POST' : 'PUT', id === null ? '/api/email-templates' : `/api/email-templates/${id}`, {
        body,
        schema: emailTemplateResponseSchema,
      }).then((r) => r.template),
    onSuccess: () => {
      notify({ title: 'Success', description: COMMUNICATION_TEXTS.templateSaved, type: 'success' });
      return qc.invalidateQueries({ queryKey: commsKeys.templates });
    },
    // The form shows the API's field errors itself; the toast is the §8 text.
    meta: { errorToast: { title: 'Error', description: COMMUNICATION_TEXTS.templateSaveFailed } },
  });
}

/** DELETE /api/email-templates/{id}. */
export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/email-templates/${id}`),
    onSuccess: () => {
      notify({ title: 'Template deleted', type: 'success' });
      return qc.invalidateQueries({ queryKey: commsKeys.templates });
    },
    meta: { errorToast: { title: 'Error', description: 'Failed to delete template' } },
  });
}

/** POST /api/email-templates/preview: a stored or unsaved template rendered with a real lead's data. */
export function usePreviewTemplate() {
  return useMutation({
    mutationFn: (body: TemplatePreview) =>
      apiRequest('POST', '/api/email-templates/preview', { body, schema: templatePreviewResponseSchema }),
  });
}

// --- campaigns ---

/** POST /api/bulk-communication (202 with the stored campaign). Failure: "Failed to send bulk {type}". */
export function useStartCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkCommunication) =>
      apiRequest('POST', '/api/bulk-communication', { body, schema: bulkCommunicationResponseSchema }),
    onSuccess: (res) => {
      qc.setQueryData(commsKeys.campaigns, (old: Campaign[] | undefined) => [
        res.campaign,
        ...(old ?? []).filter((c) => c.id !== res.campaignId),
      ]);
      notify({ title: 'Campaign started', description: `${res.recipients} recipient${res.recipients === 1 ? '' : 's'}`, type: 'success' });
    },
    onError: (err, v) => notify({ title: COMMUNICATION_TEXTS.bulkFailed(v.type), description: errorText(err), type: 'error' }),
  });
}

/** POST /api/campaigns/{id}/pause | resume | cancel; the list is updated with the answer. */
export function useCampaignAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'cancel' }) =>
      apiRequest('POST', `/api/campaigns/${id}/${action}`, { schema: campaignResponseSchema }).then((r) => r.campaign),
    onSuccess: (campaign) => {
      qc.setQueryData(commsKeys.campaigns, (old: Campaign[] | undefined) => old?.map((c) => (c.id === campaign.id ? campaign : c)));
      qc.setQueryData(commsKeys.campaign(campaign.id), campaign);
    },
    meta: { errorToast: { title: 'Error', description: 'Failed to update the campaign' } },
  });
}

/** The API's error message (its JSON `message`, else the spec's "{status}: {body}"). */
export function errorText(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'body' in err) {
    const body = (err as { body: { message?: string } | null }).body;
    if (body?.message) return body.message;
  }
  return err instanceof Error ? err.message : undefined;
}
