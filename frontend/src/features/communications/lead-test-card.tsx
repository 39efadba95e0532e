/**
 * The test by lead ID of the communication test tools (staff-side.md §2, §5): the email template
 * or SMS text a lead would get, sent to that lead ("Please enter a lead ID" when the ID is empty).
 */
import { Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { COMMUNICATION_TEXTS, DEFAULT_TEST_TEMPLATE, SMS_MAX_LENGTH, type CommunicationChannel } from '@ironclad/contracts';
import { useState, type FormEvent } from 'react';
import { notify } from '../../components/ui/toaster';
import { usePublicConfig } from '../site-config/public-config';
import { useTestCommunication } from './api/comms-api';
import { smsFollowUpText } from './send-message-dialog';
import { ChannelSwitch, ResultAlert, TemplateSelect, ToolCard, useTestRunning } from './test-tools';

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
