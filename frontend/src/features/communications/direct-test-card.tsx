/**
 * The direct test of the communication test tools (staff-side.md §2, §5): a test email or SMS to
 * any address or number; on the dashboard, with the email template or the SMS text to send.
 */
import { Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { DEFAULT_TEST_TEMPLATE, SMS_MAX_LENGTH, type CommunicationChannel } from '@ironclad/contracts';
import { useState, type FormEvent } from 'react';
import { usePublicConfig } from '../site-config/public-config';
import { useDirectTest, type CommsScreen } from './api/comms-api';
import { smsFollowUpText } from './send-message-dialog';
import { ChannelSwitch, ResultAlert, TemplateSelect, ToolCard, useTestRunning } from './test-tools';

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
