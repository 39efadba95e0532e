/**
 * The communication test tools (staff-side.md §2, §5, §8), shared by the admin dashboard's
 * Communication tab, the centre's Testing and Settings tabs and /test-communication:
 * - {@link ProviderStatus}: SendGrid / Twilio configured, masked key, number, total leads;
 * - {@link DirectTestCard}: a test message to an address or number;
 * - {@link LeadTestCard}: a test message to a lead by ID ("Please enter a lead ID");
 * - {@link QuickTestForm}: email and phone at once with a result card for each.
 * While one test runs, every test button is disabled (§5).
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  COMMUNICATION_TEXTS,
  DEFAULT_TEMPLATE_NAMES,
  DEFAULT_TEST_TEMPLATE,
  SMS_MAX_LENGTH,
  type CommunicationChannel,
  type TestResult,
} from '@ironclad/contracts';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { notify } from '../../components/ui/toaster';
import { formatDateTime } from '../../lib/format';
import { usePublicConfig } from '../site-config/public-config';
import {
  communicationStatusQuery,
  TEST_MUTATION_KEY,
  useDirectTest,
  useQuickTest,
  useTestCommunication,
  type CommsScreen,
} from './api/comms-api';
import { smsFollowUpText } from './send-message-dialog';
import { CHANNEL_OPTIONS, ChoiceGroup, LoadingBlocks } from './ui';

/** True while any test request runs (every test button is then disabled, §5). */
const useTestRunning = () => useIsMutating({ mutationKey: TEST_MUTATION_KEY }) > 0;

/** A titled card of the tools. */
export function ToolCard({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Header pb="0">
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** The last result of a test, inline (the toast says the same). */
function ResultAlert({ result }: { result: TestResult | undefined }) {
  if (!result) return null;
  return (
    <Alert.Root status={result.success ? 'success' : 'error'} mt="3" size="sm" data-testid="test-result">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{result.success ? 'Success' : 'Error'}</Alert.Title>
        <Alert.Description>{result.message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ChannelSwitch({ value, onChange }: { value: CommunicationChannel; onChange: (v: CommunicationChannel) => void }) {
  return <ChoiceGroup label="Channel" value={value} options={CHANNEL_OPTIONS} onChange={onChange} />;
}

function TemplateSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Field.Root>
      <Field.Label>Template</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {DEFAULT_TEMPLATE_NAMES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Provider status (GET /api/communication-status) with a "Check status" button. In the centre's
 * Testing tab a failed check says "Failed to test communication service".
 */
export function ProviderStatus({ screen, checkFailedText }: { screen: CommsScreen; checkFailedText?: string }) {
  const status = useQuery(communicationStatusQuery(screen));
  const check = async () => {
    const r = await status.refetch();
    if (r.isError && checkFailedText) notify({ title: checkFailedText, type: 'error' });
  };
  const d = status.data;
  return (
    <ToolCard
      title="Provider status"
      description="Email goes through SendGrid, SMS through Twilio. Without credentials, messages are kept in the outbox as not delivered."
      testId="provider-status"
    >
      {status.isPending ? (
        <LoadingBlocks count={2} h="5" />
      ) : status.isError && !d ? (
        <Text role="alert" color="fg.error">
          {screen === 'dashboard' ? COMMUNICATION_TEXTS.loadStatusFailed : COMMUNICATION_TEXTS.loadDataFailed}
        </Text>
      ) : d ? (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <ProviderTile
            name="SendGrid (email)"
            configured={d.sendgrid.configured}
            detail={d.sendgrid.apiKey ? `API key ${d.sendgrid.apiKey}` : 'No API key'}
          />
          <ProviderTile
            name="Twilio (SMS)"
            configured={d.twilio.configured}
            detail={d.twilio.phoneNumber ? `From ${d.twilio.phoneNumber}` : 'No phone number'}
          />
          <Box borderWidth="1px" rounded="md" p="3">
            <Text fontSize="sm" color="fg.muted">
              Total leads
            </Text>
            <Text fontSize="2xl" fontWeight="bold" data-testid="status-total-leads">
              {d.totalLeads}
            </Text>
          </Box>
        </SimpleGrid>
      ) : null}
      <Flex mt="3" gap="3" align="center" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => void check()} loading={status.isFetching}>
          Check status
        </Button>
        {status.dataUpdatedAt > 0 && (
          <Text fontSize="xs" color="fg.muted">
            Checked {formatDateTime(new Date(status.dataUpdatedAt).toISOString())}
          </Text>
        )}
      </Flex>
    </ToolCard>
  );
}

function ProviderTile({ name, configured, detail }: { name: string; configured: boolean; detail: string }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="semibold">
          {name}
        </Text>
        <Badge colorPalette={configured ? 'green' : 'orange'}>{configured ? 'Configured' : 'Not configured'}</Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted" mt="1" fontFamily="mono" wordBreak="break-all">
        {detail}
      </Text>
    </Box>
  );
}

/**
 * A test message to an email address or phone number. The button is disabled while a test runs
 * or the address / number is empty (§5).
 */
export function DirectTestCard({ screen }: { screen: CommsScreen }) {
  const { company } = usePublicConfig();
  const [type, setType] = useState<CommunicationChannel>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [template, setTemplate] = useState<string>(DEFAULT_TEST_TEMPLATE);
  const [message, setMessage] = useState(() => smsFollowUpText(null, company));
  const test = useDirectTest(screen);
  const running = useTestRunning();
  const recipient = (type === 'email' ? email : phone).trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!recipient || running) return;
    test.mutate({ type, recipient, template, message });
  };
  return (
    <ToolCard title="Direct test" description="Send a test message to any address or number." testId="direct-test">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <ChannelSwitch
            value={type}
            onChange={(t) => {
              setType(t);
              test.reset();
            }}
          />
          {type === 'email' ? (
            <Field.Root>
              <Field.Label>Test email address</Field.Label>
              <Input
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="name@example.com"
              />
            </Field.Root>
          ) : (
            <Field.Root>
              <Field.Label>Test phone number</Field.Label>
              <Input type="tel" autoComplete="off" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="(212) 555-0100" />
            </Field.Root>
          )}
          {screen === 'dashboard' &&
            (type === 'email' ? (
              <TemplateSelect value={template} onChange={setTemplate} />
            ) : (
              <Field.Root>
                <Field.Label>Message</Field.Label>
                <Textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={SMS_MAX_LENGTH} rows={3} />
              </Field.Root>
            ))}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!recipient || running} loading={test.isPending}>
            Send test {type === 'email' ? 'email' : 'SMS'}
          </Button>
        </Stack>
      </form>
      <ResultAlert result={test.data} />
    </ToolCard>
  );
}

/** A test message to a lead by its ID ("Please enter a lead ID" when empty, §5). */
export function LeadTestCard() {
  const { company } = usePublicConfig();
  const [leadId, setLeadId] = useState('');
  const [type, setType] = useState<CommunicationChannel>('email');
  const [template, setTemplate] = useState<string>(DEFAULT_TEST_TEMPLATE);
  const [message, setMessage] = useState(() => smsFollowUpText(null, company));
  const test = useTestCommunication();
  const running = useTestRunning();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (running) return;
    const id = Number(leadId.trim());
    if (!leadId.trim() || !Number.isInteger(id) || id <= 0) {
      notify({ title: COMMUNICATION_TEXTS.leadIdRequired, type: 'error' });
      return;
    }
    test.mutate(type === 'email' ? { leadId: id, type, template } : { leadId: id, type, message });
  };
  return (
    <ToolCard title="Test by lead ID" description="Send the message a lead would get, to that lead." testId="lead-test">
      <form onSubmit={submit} noValidate>
        <Stack gap="3">
          <Field.Root>
            <Field.Label>Lead ID</Field.Label>
            <Input
              inputMode="numeric"
              value={leadId}
              onChange={(e) => setLeadId(e.target.value.replace(/\D/g, ''))}
              placeholder="e.g. 42"
              maxW="40"
            />
          </Field.Root>
          <ChannelSwitch
            value={type}
            onChange={(t) => {
              setType(t);
              test.reset();
            }}
          />
          {type === 'email' ? (
            <TemplateSelect value={template} onChange={setTemplate} />
          ) : (
            <Field.Root>
              <Field.Label>Message</Field.Label>
              <Textarea value={message} onChange={(e) => setMessage(e.target.value)} maxLength={SMS_MAX_LENGTH} rows={3} />
            </Field.Root>
          )}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={running} loading={test.isPending}>
            Test {type === 'email' ? 'email' : 'SMS'}
          </Button>
        </Stack>
      </form>
      <ResultAlert result={test.data} />
    </ToolCard>
  );
}

/**
 * Email and phone at once (POST /api/quick-test-communication): the run button is disabled while
 * both are empty (staff-side.md §5); a result card per channel tried.
 */
export function QuickTestForm() {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const quick = useQuickTest();
  const running = useTestRunning();
  const empty = !email.trim() && !phone.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (empty || running) return;
    quick.mutate({ ...(email.trim() ? { email: email.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) });
  };
  const results = quick.data?.results;
  return (
    <Box>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root>
              <Field.Label>Email address</Field.Label>
              <Input
                type="email"
                name="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="name@example.com"
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>Phone number</Field.Label>
              <Input
                type="tel"
                name="phone"
                autoComplete="off"
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                placeholder="(212) 555-0100"
              />
            </Field.Root>
          </SimpleGrid>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={empty || running} loading={quick.isPending}>
            Run Test
          </Button>
        </Stack>
      </form>
      {quick.isError && (
        <Text role="alert" color="fg.error" mt="3">
          {COMMUNICATION_TEXTS.testGenericFailed}
        </Text>
      )}
      {results && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="6" aria-live="polite">
          <ResultCard channel="Email" result={results.email} />
          <ResultCard channel="SMS" result={results.sms} />
        </SimpleGrid>
      )}
    </Box>
  );
}

function ResultCard({ channel, result }: { channel: string; result: TestResult | undefined }) {
  return (
    <Card.Root
      variant="outline"
      data-testid={`result-${channel.toLowerCase()}`}
      borderColor={result ? (result.success ? 'green.500' : 'red.500') : undefined}
    >
      <Card.Body gap="2">
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            {channel}
          </Heading>
          <Badge colorPalette={result ? (result.success ? 'green' : 'red') : 'gray'}>
            {result ? (result.success ? 'Success' : 'Error') : 'Not tested'}
          </Badge>
        </HStack>
        <Text fontSize="sm">{result ? result.message : `No ${channel === 'Email' ? 'email address' : 'phone number'} given.`}</Text>
      </Card.Body>
    </Card.Root>
  );
}
