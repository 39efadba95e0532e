/**
 * The image generator (staff-side.md §2 "/generate-images", §4 "Image generator", §8; decisions.md
 * §13, §14): every image key with its active image ("Applied to Website"), Generate All /
 * Regenerate All (the 11 keys, one after another, in the worker), regenerate one key with its
 * seed locked or a new seed, each key's history with "apply this one", the run's live progress
 * (Socket.IO, and the same state after a reload), cancel, the credit balance, and a clear
 * not-configured state without STABILITY_API_KEY.
 */
import { Alert, Badge, Box, Button, Card, Dialog, Flex, HStack, Heading, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  GENERATE_ALL_KEYS,
  IMAGE_TEXTS,
  type ImageRun,
  type ImageStatus,
  type ImageVersion,
  type ImagesOverview,
  type SiteImage,
  type SiteImageKey,
} from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { LucideHistory, LucideRefreshCw, LucideSparkles } from 'lucide-react';
import { useState } from 'react';
import { errorText, historyQuery, overviewQuery, useApplyImage, useCancelRun, useRefreshBalance, useStartRun } from './api/images-api';
import { useImageLive } from './use-image-live';

const STATUS_PALETTE: Record<ImageStatus, string> = {
  waiting: 'gray',
  generating: 'blue',
  done: 'green',
  failed: 'red',
  blocked: 'orange',
  cancelled: 'gray',
};
const STATUS_LABEL: Record<ImageStatus, string> = {
  waiting: 'Waiting',
  generating: 'Generating…',
  done: 'Done',
  failed: 'Failed',
  blocked: 'Blocked',
  cancelled: 'Cancelled',
};

const fmt = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { maximumFractionDigits: 1 }));
const smallest = (image: SiteImage) => image.srcSet.split(', ')[0]?.split(' ')[0] ?? image.src;

/** A thumbnail of a stored image (its smallest variant), or a placeholder. */
function Thumbnail({ image, label }: { image: SiteImage | null; label: string }) {
  return (
    <Box aspectRatio={16 / 9} bg="bg.emphasized" rounded="md" overflow="hidden" position="relative">
      {image ? (
        <Box
          as="img"
          {...{ src: smallest(image), alt: label, htmlWidth: image.width, htmlHeight: image.height, loading: 'lazy' }}
          w="100%"
          h="100%"
          objectFit="cover"
        />
      ) : (
        <Flex h="100%" align="center" justify="center" color="fg.muted" fontSize="sm" textAlign="center" px="3">
          Built-in illustration
        </Flex>
      )}
    </Box>
  );
}

export function ImageGenerator() {
  useImageLive();
  const overview = useQuery(overviewQuery);
  const [historyKey, setHistoryKey] = useState<SiteImageKey | null>(null);
  if (overview.isPending) return <Text role="status">Loading the image generator…</Text>;
  if (overview.isError) return <Text role="alert">Could not load the image generator: {errorText(overview.error)}</Text>;
  const data = overview.data;
  return (
    <Stack gap="8">
      {!data.configured && (
        <Alert.Root status="warning" data-testid="images-not-configured">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{IMAGE_TEXTS.notConfigured}</Alert.Title>
            <Alert.Description>{IMAGE_TEXTS.notConfiguredHow}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <RunPanel data={data} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5" data-testid="image-keys">
        {data.keys.map((k) => (
          <KeyCard key={k.key} entry={k} data={data} onHistory={() => setHistoryKey(k.key)} />
        ))}
      </SimpleGrid>
      <HistoryDialog imageKey={historyKey} onClose={() => setHistoryKey(null)} />
    </Stack>
  );
}

/** Balance, Generate All / Regenerate All, and the run in progress (or the last one). */
function RunPanel({ data }: { data: ImagesOverview }) {
  const start = useStartRun();
  const cancel = useCancelRun();
  const refresh = useRefreshBalance();
  const run = data.run;
  const running = run?.status === 'running';
  const cost = GENERATE_ALL_KEYS.length * data.creditsPerImage;
  const available = data.balance ? data.balance.credits - data.reservedCredits : null;
  const coverable = available !== null && available >= cost;
  const anyApplied = data.keys.some((k) => k.active);
  const allLabel = anyApplied ? 'Regenerate All' : 'Generate All';
  return (
    <Card.Root data-testid="run-panel">
      <Card.Body>
        <Stack gap="5">
          <Flex gap="4" wrap="wrap" justify="space-between" align="center">
            <Stack gap="1">
              <Text fontWeight="semibold">Stability AI · model {data.model}</Text>
              <Text fontSize="sm" color="fg.muted" data-testid="balance">
                {!data.configured
                  ? 'No API key: nothing can be generated.'
                  : data.balance
                    ? `Balance: ${fmt(data.balance.credits)} credits (checked ${new Date(data.balance.checkedAt).toLocaleTimeString('en-US')}) · ${fmt(data.creditsPerImage)} credits per image${data.reservedCredits ? ` · ${fmt(data.reservedCredits)} promised to the run in progress` : ''}`
                    : 'Checking the credit balance…'}
              </Text>
            </Stack>
            <HStack gap="3" wrap="wrap">
              <Button variant="outline" size="sm" disabled={!data.configured || refresh.isPending} onClick={() => refresh.mutate()}>
                <LucideRefreshCw aria-hidden /> Check balance
              </Button>
              <Button
                colorPalette="brand"
                w={{ base: 'full', sm: 'auto' }}
                h="auto"
                minH="10"
                py="2"
                whiteSpace="normal"
                disabled={!data.configured || running || !coverable || start.isPending}
                loading={start.isPending}
                onClick={() => start.mutate({ seed: 'new' })}
              >
                <LucideSparkles aria-hidden /> {allLabel} ({GENERATE_ALL_KEYS.length} images · {fmt(cost)} credits)
              </Button>
            </HStack>
          </Flex>
          {data.configured && data.balance && !coverable && !running && (
            <Text color="fg.error" fontSize="sm" role="alert">
              The balance ({fmt(available ?? 0)} credits available) cannot cover {GENERATE_ALL_KEYS.length} images ({fmt(cost)} credits).
            </Text>
          )}
          {start.isError && (
            <Text color="fg.error" fontSize="sm" role="alert" data-testid="start-error">
              {errorText(start.error)}
            </Text>
          )}
          {run && <RunProgress run={run} onCancel={() => cancel.mutate(run.id)} cancelling={cancel.isPending} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The run's overall count, a bar, and what is generating now. */
function RunProgress({ run, onCancel, cancelling }: { run: ImageRun; onCancel: () => void; cancelling: boolean }) {
  const finished = run.done + run.failed + run.blocked + run.cancelled;
  const percent = run.total ? Math.round((finished / run.total) * 100) : 100;
  const current = run.items.find((i) => i.status === 'generating');
  const running = run.status === 'running';
  return (
    <Stack gap="2" data-testid="run-progress" data-status={run.status} data-run-id={run.id}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text fontWeight="medium" aria-live="polite" data-testid="run-count">
          {running ? 'Generating' : run.status === 'cancelled' ? 'Cancelled' : 'Last run'}: {run.done} of {run.total} images created
          {run.failed + run.blocked > 0 ? ` · ${run.failed + run.blocked} skipped` : ''}
          {run.cancelled > 0 ? ` · ${run.cancelled} cancelled` : ''}
        </Text>
        {running && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={onCancel} loading={cancelling}>
            Cancel run
          </Button>
        )}
      </Flex>
      <Box
        h="2"
        bg="bg.emphasized"
        rounded="full"
        overflow="hidden"
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Run progress"
      >
        <Box h="100%" w={`${percent}%`} bg={running ? 'brand.500' : 'green.500'} transition="width 0.3s" />
      </Box>
      {current && (
        <Text fontSize="sm" color="fg.muted" data-testid="run-current">
          {current.key ?? `Image #${current.id}`}: {current.progress ?? 'Generating…'}
        </Text>
      )}
    </Stack>
  );
}

/** One key: its active image, its state in the current run, regenerate and history. */
function KeyCard({ entry, data, onHistory }: { entry: ImagesOverview['keys'][number]; data: ImagesOverview; onHistory: () => void }) {
  const start = useStartRun();
  const inRun = data.run?.items.find((i) => i.key === entry.key) ?? null;
  const running = data.run?.status === 'running';
  const live = inRun && (running || inRun.id > (entry.active?.id ?? 0)) ? inRun : null;
  const covered = data.balance ? data.balance.credits - data.reservedCredits >= data.creditsPerImage : false;
  const disabled =
    !data.configured || !covered || start.isPending || (running && !!inRun && ['waiting', 'generating'].includes(inRun.status));
  return (
    <Card.Root data-testid={`image-key-${entry.key}`} data-state={live?.status ?? (entry.active ? 'applied' : 'none')}>
      <Card.Body gap="3">
        <Thumbnail image={entry.active?.image ?? null} label={entry.description} />
        <Flex justify="space-between" align="start" gap="2">
          <Stack gap="0">
            <Heading as="h3" size="sm">
              {entry.description}
            </Heading>
            <Text fontSize="xs" color="fg.muted">
              {entry.key} · {entry.aspectRatio} · {entry.usedOn}
            </Text>
          </Stack>
          {entry.active && (
            <Badge colorPalette="green" flexShrink={0} data-testid="applied-badge">
              {IMAGE_TEXTS.appliedBadge}
            </Badge>
          )}
        </Flex>
        {live && (
          <HStack gap="2" align="start">
            <Badge colorPalette={STATUS_PALETTE[live.status]} data-testid="key-status">
              {STATUS_LABEL[live.status]}
            </Badge>
            {(live.error || (live.progress && live.status !== 'done')) && (
              <Text fontSize="xs" color={live.error ? 'fg.error' : 'fg.muted'}>
                {live.error ?? live.progress}
              </Text>
            )}
          </HStack>
        )}
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" disabled={disabled} onClick={() => start.mutate({ keys: [entry.key], seed: 'new' })}>
            Regenerate (new seed)
          </Button>
          <Button
            size="xs"
            variant="outline"
            disabled={disabled || !entry.active}
            title={entry.active ? `Seed ${entry.active.seed}` : 'No image yet'}
            onClick={() => start.mutate({ keys: [entry.key], seed: 'locked' })}
          >
            Regenerate (same seed)
          </Button>
          <Button size="xs" variant="ghost" onClick={onHistory} disabled={entry.versions === 0}>
            <LucideHistory aria-hidden /> History ({entry.versions})
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Every version of a key, newest first, with "apply this one". */
function HistoryDialog({ imageKey, onClose }: { imageKey: SiteImageKey | null; onClose: () => void }) {
  return (
    <Dialog.Root open={imageKey !== null} onOpenChange={(e) => !e.open && onClose()} size="xl" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{imageKey && <HistoryBody imageKey={imageKey} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function HistoryBody({ imageKey }: { imageKey: SiteImageKey }) {
  const history = useQuery(historyQuery(imageKey));
  const apply = useApplyImage();
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>History: {imageKey}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {history.isPending ? (
          <Text role="status">Loading…</Text>
        ) : history.isError ? (
          <Text role="alert">{errorText(history.error)}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" data-testid="history">
            {history.data.versions.map((v: ImageVersion) => (
              <Stack key={v.id} gap="2" borderWidth="1px" rounded="md" p="3" data-testid="history-version" data-image-id={v.id}>
                <Thumbnail image={v.image} label={`${imageKey} version ${v.id}`} />
                <Text fontSize="xs" color="fg.muted">
                  #{v.id} · {new Date(v.createdAt).toLocaleString('en-US')} · seed {v.seed ?? '—'} · {v.model}
                  {v.createdBy ? ` · ${v.createdBy}` : ''}
                </Text>
                {v.error && (
                  <Text fontSize="xs" color="fg.error">
                    {STATUS_LABEL[v.status]}: {v.error}
                  </Text>
                )}
                {v.applied ? (
                  <Badge colorPalette="green" alignSelf="start">
                    {IMAGE_TEXTS.appliedBadge}
                  </Badge>
                ) : v.status === 'done' ? (
                  <Button
                    size="xs"
                    alignSelf="start"
                    onClick={() => apply.mutate(v.id)}
                    loading={apply.isPending && apply.variables === v.id}
                  >
                    Apply to website
                  </Button>
                ) : (
                  <Badge colorPalette={STATUS_PALETTE[v.status]} alignSelf="start">
                    {STATUS_LABEL[v.status]}
                  </Badge>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </>
  );
}
