/**
 * /payment-success and /consultation-success (decisions.md §4): show what OUR server holds for
 * the PaymentIntent named in the return URL (`?payment_intent=pi_…`), not what the URL claims
 * (`redirect_status` is ignored). While the webhook has not arrived yet (pending/processing) the
 * page checks again every 2 s.
 */
import { Alert, Box, Button, Container, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LucideCircleCheck } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import type { PaymentStatusResponse } from '@ironclad/contracts';
import { ApiError } from '../../lib/api';
import { telHref, usePublicConfig } from '../site-config/public-config';
import { fetchPaymentStatus, formatCents } from './api/payment-api';
import { paymentKeys } from './api/keys';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

type PaymentKind = PaymentStatusResponse['kind'];

export interface PaymentStatusTexts {
  heading: string;
  successTitle: string;
  successText: string;
}

/**
 * The texts of each kind of payment (public-site.md §8: 'Deposit Successful!' for the wizard's
 * installation deposit, 'Consultation Scheduled!' for the consultation deposit). The page shows
 * those of the payment our server holds, whichever return page the visitor landed on.
 */
export const PAYMENT_KIND_TEXTS: Record<PaymentKind, PaymentStatusTexts> = {
  deposit: {
    heading: 'Your Deposit',
    successTitle: 'Deposit Successful!',
    successText: "Your installation date has been secured. We'll contact you within 24 hours.",
  },
  consultation: {
    heading: 'Your Consultation',
    successTitle: 'Consultation Scheduled!',
    successText: "We'll contact you within 24 hours to schedule your site visit.",
  },
};

/** The status of a payment; `expectedKind`: the kind the return page is for (its heading until the payment is known). */
export function PaymentStatusView({ expectedKind }: { expectedKind: PaymentKind }) {
  const { company } = usePublicConfig();
  // read in an effect: the prerendered HTML has no query string (hydration must match)
  const [intentId, setIntentId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    setIntentId(new URLSearchParams(window.location.search).get('payment_intent'));
  }, []);

  const query = useQuery({
    queryKey: paymentKeys.status(intentId),
    queryFn: ({ signal }) => fetchPaymentStatus(intentId!, signal),
    enabled: !!intentId,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'pending' || q.state.data.status === 'processing') ? 2000 : false),
  });

  const texts = PAYMENT_KIND_TEXTS[query.data?.kind ?? expectedKind];
  let body: React.ReactNode;
  if (intentId === undefined || (intentId && query.isPending)) {
    body = (
      <Stack direction="row" align="center" gap="3" role="status">
        <Spinner size="sm" /> <Text>Checking your payment...</Text>
      </Stack>
    );
  } else if (!intentId || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))) {
    body = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>We could not find this payment</Alert.Title>
          <Alert.Description>
            If you were charged, call us at <Link href={telHref(company.phone)}>{company.phone}</Link>.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (query.isError) {
    body = (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>We could not check your payment right now</Alert.Title>
          <Alert.Description>
            <Button size="sm" variant="outline" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else {
    const p = query.data!;
    body =
      p.status === 'succeeded' ? (
        <Stack gap="2" role="status" data-payment-status="succeeded">
          <Text color="green.600" fontSize="3xl" aria-hidden="true">
            <LucideCircleCheck />
          </Text>
          <Heading as="h2" size="lg">
            {texts.successTitle}
          </Heading>
          <Text>{texts.successText}</Text>
          <Text color="fg.muted">
            {p.kind === 'consultation' ? 'Consultation deposit' : 'Installation deposit'} paid: {formatCents(p.amountCents)}
          </Text>
        </Stack>
      ) : p.status === 'failed' || p.status === 'canceled' ? (
        <Alert.Root status="error" data-payment-status={p.status}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Payment Failed</Alert.Title>
            <Alert.Description>{p.failureMessage ?? 'Something went wrong with your payment'}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Stack direction="row" align="center" gap="3" role="status" data-payment-status={p.status}>
          <Spinner size="sm" />
          <Text>Your payment of {formatCents(p.amountCents)} is processing. This page updates when your bank confirms it.</Text>
        </Stack>
      );
  }

  return (
    <Container maxW="2xl" py={{ base: '12', md: '20' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {texts.heading}
        </Heading>
        <Box borderWidth="1px" rounded="xl" p={{ base: '5', md: '8' }}>
          {body}
        </Box>
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to="/">Back to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
