/**
 * The live progress of one campaign: a progress bar (role progressbar with
 * aria-valuenow, 0-100), the send rate and the counts (sent, failed, skipped, queued of total);
 * while the worker still resolves the audience, "Preparing recipients… N so far".
 * Screen readers hear the bar's value when they reach it, and one polite announcement when the
 * campaign ends, not every update.
 */
import { Badge, Box, Flex, HStack, Progress, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Campaign } from '@ironclad/contracts';
import { useCampaignProgress, type LiveCounts } from './comms-socket';
import { CAMPAIGN_STATUS_LABELS, campaignBadge, isCampaignRunning, OUTCOME_SEGMENTS } from './format';

const rateFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** The bar and counts for given numbers (no socket); used by {@link LiveCampaignProgress}. */
export function CampaignProgressView({ name, counts }: { name: string; counts: LiveCounts }) {
  const done = counts.sent + counts.failed + counts.skipped + counts.notDelivered + counts.cancelled;
  const running = isCampaignRunning(counts.status);
  const badge = campaignBadge(counts);
  return (
    <Box data-testid="campaign-progress" data-status={counts.status}>
      <Flex justify="space-between" align="center" gap="2" mb="1" wrap="wrap">
        <HStack gap="2">
          <Text fontWeight="semibold" fontSize="sm">
            {name}
          </Text>
          <Badge colorPalette={badge.color} data-testid="campaign-badge" data-outcome={badge.color}>
            {badge.label}
          </Badge>
        </HStack>
        <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="campaign-percent">
          {counts.percent}%
        </Text>
      </Flex>
      {/* Styled here: the progress recipe is not registered (see ui.tsx). Ark sets role progressbar, aria-valuenow and the range width. */}
      {/* One segment per outcome (sent, not delivered, failed, skipped, cancelled), so a full bar of undelivered mail never looks like success. */}
      <Progress.Root unstyled value={counts.percent} min={0} max={100}>
        <Progress.Track
          aria-label={`${name} progress`}
          aria-valuetext={`${counts.percent}% (${done} of ${counts.total}: ${counts.sent} sent, ${counts.notDelivered} not delivered, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.cancelled} cancelled)`}
          h="2.5"
          bg="bg.emphasized"
          rounded="full"
          overflow="hidden"
          display="flex"
        >
          {OUTCOME_SEGMENTS.map((seg) => {
            const n = counts[seg.key];
            if (!n || !counts.total) return null;
            return (
              <Box
                key={seg.key}
                data-testid={`campaign-bar-${seg.key}`}
                h="full"
                bg={seg.color}
                width={`${(n / counts.total) * 100}%`}
                transition="width 0.25s ease-out"
              />
            );
          })}
        </Progress.Track>
      </Progress.Root>
      {counts.preparing && (
        <Text mt="2" fontSize="sm" color="fg.muted" data-testid="campaign-preparing" role="status">
          Preparing recipients… {counts.total} so far
        </Text>
      )}
      {badge.warning && (
        <Text
          mt="2"
          fontSize="sm"
          color={badge.color === 'red' ? 'fg.error' : 'fg.warning'}
          fontWeight="medium"
          data-testid="campaign-warning"
        >
          ⚠ {badge.warning}
        </Text>
      )}
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
          : `${name}: ${CAMPAIGN_STATUS_LABELS[counts.status]}.${badge.warning ? ` ${badge.warning}` : ''} ${counts.sent} sent, ${counts.notDelivered} not delivered, ${counts.failed} failed, ${counts.skipped} skipped of ${counts.total}.`}
      </VisuallyHidden>
    </Box>
  );
}

/** A campaign's bar fed by Socket.IO `campaign:progress` (starting from the stored counts). */
export function LiveCampaignProgress({ campaign }: { campaign: Campaign }) {
  const counts = useCampaignProgress(campaign);
  return <CampaignProgressView name={campaign.name} counts={counts} />;
}
