/**
 * The building blocks shared by the communication test tools (staff-side.md §2, §5, §8): the
 * titled {@link ToolCard} (also used by the centre's Testing and Settings tabs and the dashboard's
 * Communication tab), the inline result of a test, the channel switch and the template select.
 * The tools themselves: provider-status.tsx, direct-test-card.tsx, lead-test-card.tsx and
 * quick-test-form.tsx. While one test runs, every test button is disabled (§5).
 */
import { Alert, Card, Field, Heading, NativeSelect, Text } from '@chakra-ui/react';
import { DEFAULT_TEMPLATE_NAMES, type CommunicationChannel, type TestResult } from '@ironclad/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { TEST_MUTATION_KEY } from './api/comms-api';
import { CHANNEL_OPTIONS, ChoiceGroup } from './ui';

/** True while any test request runs (every test button is then disabled, §5). */
export const useTestRunning = () => useIsMutating({ mutationKey: TEST_MUTATION_KEY }) > 0;

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
export function ResultAlert({ result }: { result: TestResult | undefined }) {
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

/** The email / SMS choice of a test form. */
export function ChannelSwitch({ value, onChange }: { value: CommunicationChannel; onChange: (v: CommunicationChannel) => void }) {
  return <ChoiceGroup label="Channel" value={value} options={CHANNEL_OPTIONS} onChange={onChange} />;
}

/** The choice of default template for a test email. */
export function TemplateSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
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
