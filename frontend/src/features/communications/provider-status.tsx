/**
 * Provider status of the communication test tools (staff-side.md §2, §8): SendGrid and Twilio
 * configured or not, the masked API key, the sending number and the total of leads, with a
 * "Check status" button.
 */
import { Badge, Box, Button, Flex, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { COMMUNICATION_TEXTS } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { notify } from '../../components/ui/toaster';
import { formatDateTime } from '../../lib/format';
import { communicationStatusQuery, type CommsScreen } from './api/comms-api';
import { ToolCard } from './test-tools';
import { LoadingBlocks } from './ui';

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
