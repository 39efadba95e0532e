/**
 * The unsubscribe page's content (decisions.md §15): public, no login. It reads
 * what the token unsubscribes (GET /api/unsubscribe/{token}: channel, partly masked address,
 * whether it already is), asks for a confirmation and records the opt-out
 * (POST /api/unsubscribe/{token}). Nothing changes on a GET, so link scanners in mail clients
 * cannot unsubscribe anyone. The confirmation rides out a database blip (issue 26 point 7): it is
 * retried for up to two minutes while the page says so, then the phone number and Retry.
 */
import { Alert, Button, Card, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SubmitTrouble } from '../../components/site/submit-trouble';
import { ApiError } from '../../lib/api';
import type { SubmitTrouble as SubmitTroubleState } from '../../lib/resilient-submit';
import { usePublicConfig } from '../site-config/public-config';
import { registerRecipes } from '../../components/ui/recipes';
import { unsubscribe, unsubscribeInfoQuery } from './api/unsubscribe';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

/** The confirm-and-unsubscribe card for one token. */
export function Unsubscribe({ token }: { token: string }) {
  const { company } = usePublicConfig();
  const info = useQuery(unsubscribeInfoQuery(token));
  const [trouble, setTrouble] = useState<SubmitTroubleState>(null);
  const confirm = useMutation({ mutationFn: () => unsubscribe(token, setTrouble) });
  const address = info.data ? ((info.data.channel === 'email' ? info.data.email : info.data.phone) ?? 'your address') : '';
  const what = info.data?.channel === 'sms' ? 'text messages' : 'marketing email';
  const done = confirm.isSuccess || info.data?.optedOut;

  return (
    <Container maxW="lg" py={{ base: '12', md: '20' }}>
      <Card.Root variant="outline">
        <Card.Body gap="5">
          <Heading as="h1" size="2xl">
            Unsubscribe
          </Heading>
          {info.isPending ? (
            <Stack direction="row" align="center" gap="3" role="status">
              <Spinner size="sm" />
              <Text>Checking your link…</Text>
            </Stack>
          ) : info.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {info.error instanceof ApiError && (info.error.status === 404 || info.error.status === 400)
                    ? 'This unsubscribe link is not valid.'
                    : 'We could not check this link.'}
                </Alert.Title>
                <Alert.Description>
                  Please use the link in the latest message from us, or call us at {company.phone} and we will unsubscribe you.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : done ? (
            <Alert.Root status="success" role="status" data-testid="unsubscribe-done">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>You are unsubscribed.</Alert.Title>
                <Alert.Description>
                  <Text as="span" fontWeight="semibold" data-testid="unsubscribe-address">
                    {address}
                  </Text>{' '}
                  will no longer receive {what} from {company.name}.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <>
              <Text>
                Stop {what} from {company.name} to{' '}
                <Text as="span" fontWeight="semibold" data-testid="unsubscribe-address">
                  {address}
                </Text>
                ?
              </Text>
              <Text fontSize="sm" color="fg.muted">
                Messages about a project you have with us, such as receipts, may still reach you.
              </Text>
              <SubmitTrouble trouble={trouble} onRetry={() => confirm.mutate()} busy={confirm.isPending} />
              {confirm.isError && trouble !== 'gave-up' && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>Your request could not be saved. Please try again.</Alert.Title>
                </Alert.Root>
              )}
              <Button
                colorPalette="brand"
                alignSelf="flex-start"
                onClick={() => confirm.mutate()}
                loading={confirm.isPending}
                loadingText="Unsubscribing…"
              >
                Unsubscribe
              </Button>
            </>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
