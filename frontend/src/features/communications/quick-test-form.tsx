/**
 * The quick test of the communication test tools (staff-side.md §2, §5): an email address and a
 * phone number tested at once (POST /api/quick-test-communication), with a result card per channel.
 */
import { Badge, Box, Button, Card, Field, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { COMMUNICATION_TEXTS, type TestResult } from '@ironclad/contracts';
import { useState, type FormEvent } from 'react';
import { useQuickTest } from './api/comms-api';
import { useTestRunning } from './test-tools';

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
