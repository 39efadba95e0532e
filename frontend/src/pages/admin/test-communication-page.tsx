/**
 * /test-communication (staff-side.md §2, §5): email and phone inputs, a run-test button disabled
 * while both are empty, and a result card for email and for SMS (POST
 * /api/quick-test-communication). Shown only to a signed-in admin (decisions.md §1);
 * client-only and lazy-loaded.
 */
import { Container, Heading, Text } from '@chakra-ui/react';
import { StaffGate } from '../../features/admin/staff-gate';
import { QuickTestForm } from '../../features/communications/quick-test-form';

/** Route component of /test-communication. */
export function TestCommunicationPage() {
  return (
    <StaffGate>
      <Container maxW="3xl" py={{ base: '8', md: '16' }}>
        <Heading as="h1" size="2xl" mb="2">
          Test Communication
        </Heading>
        <Text color="fg.muted" mb="8">
          Send a test email and a test text message. Leave a field empty to skip that channel.
        </Text>
        <QuickTestForm />
      </Container>
    </StaffGate>
  );
}
