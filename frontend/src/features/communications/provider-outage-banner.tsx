/**
 * The admin dashboard's provider banner (issue 26 point 3): while a provider's circuit breaker is
 * open (GET /api/health `providers`, polled every 15 s), "Email provider unavailable since 14:03 —
 * 37 messages waiting, they will be sent when it returns". Nothing while every provider is up or
 * while the health check cannot be read (the database banner covers an unreachable api).
 */
import { Alert, Stack } from '@chakra-ui/react';
import { healthResponseSchema, type ProviderHealth } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

const LABELS: Record<ProviderHealth['provider'], string> = { sendgrid: 'Email', twilio: 'SMS', stability: 'Image' };

/**
 * "Email provider unavailable since 14:03 — 37 messages waiting, they will be sent when it returns";
 * for Stability, "Image provider unavailable since 14:03 — 3 images waiting, they will be generated
 * when it returns".
 */
export function providerOutageText(p: ProviderHealth): string {
  const since = p.downSince
    ? ` since ${new Date(p.downSince).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false })}`
    : '';
  const [noun, verb] = p.provider === 'stability' ? ['image', 'generated'] : ['message', 'sent'];
  const waiting =
    p.waiting === null
      ? ''
      : ` — ${p.waiting} ${noun}${p.waiting === 1 ? '' : 's'} waiting, ${p.waiting === 1 ? 'it' : 'they'} will be ${verb} when it returns`;
  return `${LABELS[p.provider]} provider unavailable${since}${waiting}`;
}

/** The banner (one line per provider down); polls the health check every 15 s. */
export function ProviderOutageBanner() {
  const health = useQuery({
    queryKey: ['health', 'providers'],
    queryFn: ({ signal }) => apiRequest('GET', '/api/health', { schema: healthResponseSchema, signal }),
    refetchInterval: 15_000,
    retry: false,
  });
  const down = (health.data?.providers ?? []).filter((p) => p.state !== 'up');
  if (down.length === 0) return null;
  return (
    <Stack gap="2" mb="4" data-testid="provider-outage-banner">
      {down.map((p) => (
        <Alert.Root key={p.provider} status="warning" role="status" aria-live="polite">
          <Alert.Indicator />
          <Alert.Title>{providerOutageText(p)}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
