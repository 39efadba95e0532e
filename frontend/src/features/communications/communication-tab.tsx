/**
 * The admin dashboard's Communication tab (staff-side.md §2, §5, §8): a status check, a direct
 * test, a test by lead ID and the bulk communication tool with the live progress of the campaigns
 * started from it. The same components as the communications centre, with the dashboard's texts.
 */
import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BulkCampaignForm } from './bulk-campaign-form';
import { CampaignCard } from './campaigns';
import { campaignsQuery } from './api/comms-api';
import { isCampaignRunning } from './format';
import { DirectTestCard } from './direct-test-card';
import { LeadTestCard } from './lead-test-card';
import { ProviderStatus } from './provider-status';
import { ToolCard } from './test-tools';

export function CommunicationTab() {
  const campaigns = useQuery(campaignsQuery);
  // Campaigns started from this tab during this visit (their final counts stay in view even when
  // another admin starts a newer one), running campaigns, and the latest one.
  const [startedHere, setStartedHere] = useState<number[]>([]);
  const all = campaigns.data ?? [];
  const shown = [
    ...all.filter((c) => startedHere.includes(c.id)),
    ...all.filter((c, i) => !startedHere.includes(c.id) && (isCampaignRunning(c.status) || i === 0)),
  ].slice(0, 5);
  return (
    <Stack gap="6">
      <ProviderStatus screen="dashboard" />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <DirectTestCard screen="dashboard" />
        <LeadTestCard />
      </SimpleGrid>
      <ToolCard
        title="Bulk communication"
        description="Send a template email or a text message to every lead matching the filter."
        testId="bulk-tool"
      >
        <BulkCampaignForm submitLabel="Send bulk message" onStarted={(c) => setStartedHere((ids) => [c.id, ...ids])} />
        {shown.length > 0 && (
          <Stack gap="3" mt="6" as="section" aria-labelledby="bulk-progress-heading">
            <Heading as="h4" size="sm" id="bulk-progress-heading">
              Progress
            </Heading>
            <Stack as="ul" gap="3">
              {shown.map((c) => (
                <CampaignCard key={c.id} campaign={c} />
              ))}
            </Stack>
            <Text fontSize="xs" color="fg.muted">
              All campaigns, with details, are in the Communications Center.
            </Text>
          </Stack>
        )}
      </ToolCard>
    </Stack>
  );
}
