/**
 * The live progress of one campaign: a progress bar (role progressbar with
 * aria-valuenow, 0-100), the send rate and the counts (sent, failed, skipped, queued of total).
 * Screen readers hear the bar's value when they reach it, and one polite announcement when the
 * campaign ends, not every update.
 */
import { Badge, Box, Flex, HStack, Progress, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Campaign } from '@ironclad/contracts';
import { useCampaignProgress, type LiveCounts } from './comms-socket';
import { CAMPAIGN_STATUS_COLORS, CAMPAIGN_STATUS_LABELS, isCampaignRunning } from './format';

const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The bar and counts for given numbers (no socket); used by {@link LiveCampaignProgress}. */
export function CampaignProgressView({ name, counts }: { name: string; counts: LiveCounts }) {
  const done = counts.sent + counts.failed + counts.skipped + counts.notDelivered + counts.cancelled;
  const running = isCampaignRunning(counts.status);
  return (
    <Box data-testid="campaign-progress" data-status={counts.status}>
      <Flex justify="space-between" align="center" gap="2" mb="1" wrap="wrap">
        <HStack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            {name}
          </Text>
          <Badge colorPalette={CAMPAIGN_STATUS_COLORS[counts.status]}>{CAMPAIGN_STATUS_LABELS[counts.status]}</Badge>
        </HStack>
        <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="campaign-percent">
          {counts.percent}%
        </Text>
      </Flex>
      {/* Styled here: the progress recipe is not registered (see ui.tsx). Ark sets role progressbar, aria-valuenow and the range width. */}
      <Progress.Root unstyled value={counts.percent} min={0} max={100} colorPalette={counts.failed > 0 && !running ? 'orange' : 'brand'}>
        <Progress.Track
          aria-label={`${name} progress`}
          aria-valuetext={`${counts.percent}% (${done} of ${counts.total})`}
          h="2.5"
          bg="bg.emphasized"
          rounded="full"
          overflow="hidden"
        >
          <Progress.Range h="full" bg="colorPalette.solid" rounded="full" transition="width 0.25s ease-out" />
        </Progress.Track>
      </Progress.Root>
      <Flex
        mt="2"
        gap={{ base: '2', md: '4' }}
        wrap="wrap"
        fontSize="sm"
        color="fg.muted"
        fontVariantNumeric="tabular-nums"
        data-testid="campaign-counts"
      >
        <Text>
          Sent{' '}
          <Text as="span" color="fg" fontWeight="semibold">
            {counts.sent}
          </Text>
        </Text>
        <Text>
          Failed{' '}
          <Text as="span" color={counts.failed ? 'fg.error' : 'fg'} fontWeight="semibold">
            {counts.failed}
          </Text>
        </Text>
        {counts.notDelivered > 0 && (
          <Text>
            Not delivered (outbox){' '}
            <Text as="span" color="fg" fontWeight="semibold">
              {counts.notDelivered}
            </Text>
          </Text>
        )}
        <Text>
          Skipped (opted out){' '}
          <Text as="span" color="fg" fontWeight="semibold">
            {counts.skipped}
          </Text>
        </Text>
        {counts.cancelled > 0 && (
          <Text>
            Cancelled{' '}
            <Text as="span" color="fg" fontWeight="semibold">
              {counts.cancelled}
            </Text>
          </Text>
        )}
        <Text>
          Queued{' '}
          <Text as="span" color="fg" fontWeight="semibold">
            {counts.queued}
          </Text>
        </Text>
        <Text>
          Total{' '}
          <Text as="span" color="fg" fontWeight="semibold">
            {counts.total}
          </Text>
        </Text>
        {running && (
          <Text>
            Rate{' '}
            <Text as="span" color="fg" fontWeight="semibold">
              {rateFormat.format(counts.ratePerSecond)}/s
            </Text>
          </Text>
        )}
      </Flex>
      <VisuallyHidden aria-live="polite">
        {running
          ? ''
          : `${name}: ${CAMPAIGN_STATUS_LABELS[counts.status]}. ${counts.sent} sent, ${counts.notDelivered} not delivered, ${counts.failed} failed, ${counts.skipped} skipped of ${counts.total}.`}
      </VisuallyHidden>
    </Box>
  );
}

/** A campaign's bar fed by Socket.IO `campaign:progress` (starting from the stored counts). */
export function LiveCampaignProgress({ campaign }: { campaign: Campaign }) {
  const counts = useCampaignProgress(campaign);
  return <CampaignProgressView name={campaign.name} counts={counts} />;
}
