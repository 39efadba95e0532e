/**
 * The embedded card payment (public-site.md §2, §4, §8; decisions.md §4), loaded lazily: Stripe.js
 * (`@stripe/stripe-js/pure`, so nothing loads until this chunk runs) is fetched only on the pages
 * that take a deposit.
 *
 * States: idle → setting up payment (the server creates the PaymentIntent) → card form (Stripe's
 * Payment Element) → processing (`confirmPayment`, return URL = origin + `returnPath`) →
 * confirmed. A setup failure (the server could not create the PaymentIntent, or Stripe.js could
 * not be loaded) shows 'Payment Setup Failed' and returns to idle; a failed
 * confirmation shows 'Payment Failed' with the provider's message and stays on the form.
 */
import { Alert, Box, Button, Card, Spinner, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type ReactNode } from 'react';
import { LucideCircleCheck, LucideLock } from 'lucide-react';
import { notify } from '../../components/ui/toaster';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

const stripePromises = new Map<string, Promise<Stripe>>();
/**
 * Stripe.js for `key`, loaded once per page. Rejects when the script cannot be loaded (blocked or
 * offline); the failed attempt is forgotten so that the next try loads it again.
 */
const stripeFor = (key: string): Promise<Stripe> => {
  let p = stripePromises.get(key);
  if (!p) {
    p = loadStripe(key).then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available');
      return stripe;
    });
    p.catch(() => stripePromises.delete(key));
    stripePromises.set(key, p);
  }
  return p;
};

export type PaymentPhase = 'idle' | 'setting-up' | 'form' | 'processing' | 'confirmed';

export interface StripePaymentProps {
  publishableKey: string;
  /** Asks the server for the PaymentIntent; resolves to its client secret. */
  createIntent: () => Promise<string>;
  /** '/payment-success' or '/consultation-success'. */
  returnPath: string;
  /** Label of the idle button, e.g. 'Pay $1,193 Deposit' or 'Proceed to Payment'. */
  startLabel: string;
  /** Label of the card form's submit button. */
  payLabel: string;
  /** Toast shown when the payment is confirmed. */
  successToast: { title: string; description: string };
  /**
   * Toast shown when the setup fails (or null to only log it, as the consultation page does); a
   * function gets the error, so the description can say why (e.g. payment paused: call us), and
   * may return null when something else on the page answers it (e.g. the challenge prompt).
   */
  setupFailureToast: { title: string; description: string } | ((err: unknown) => { title: string; description: string } | null) | null;
  /** Called when the setup (the PaymentIntent or loading Stripe.js) failed and the flow is back to idle. */
  onSetupFailed?: () => void;
  /** What to show once confirmed. */
  confirmed: ReactNode;
  onPhaseChange?: (phase: PaymentPhase) => void;
}

/** Card form inside <Elements>. */
function CardForm({
  payLabel,
  returnPath,
  onProcessing,
  onDone,
  onFailed,
}: {
  payLabel: string;
  returnPath: string;
  onProcessing: () => void;
  onDone: () => void;
  onFailed: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setError(null);
    onProcessing();
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      redirect: 'if_required',
    });
    setBusy(false);
    if (result.error) {
      const message = result.error.message || 'Something went wrong with your payment';
      setError(message);
      notify({ type: 'error', title: 'Payment Failed', description: message });
      onFailed();
      return;
    }
    onDone();
  };

  return (
    <Stack asChild gap="4">
      <form onSubmit={submit} aria-label="Card payment" aria-busy={busy}>
        <Box borderWidth="1px" rounded="md" p="3" bg="bg">
          <PaymentElement />
        </Box>
        {error ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Payment Failed</Alert.Title>
              <Alert.Description>{error}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Button type="submit" colorPalette="accent" size="lg" disabled={!stripe || !elements || busy}>
          <LucideLock aria-hidden="true" /> {busy ? 'Processing...' : payLabel}
        </Button>
      </form>
    </Stack>
  );
}

/** The whole payment flow. */
export default function StripePayment(props: StripePaymentProps) {
  const [phase, setPhaseState] = useState<PaymentPhase>('idle');
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const setPhase = (p: PaymentPhase) => {
    setPhaseState(p);
    props.onPhaseChange?.(p);
  };

  const start = async () => {
    setPhase('setting-up');
    try {
      // the PaymentIntent and Stripe.js are fetched in parallel; the card form needs both
      const [secret] = await Promise.all([props.createIntent(), stripeFor(props.publishableKey)]);
      setClientSecret(secret);
      setPhase('form');
    } catch (err) {
      console.error('[payment setup]', err);
      const toast = typeof props.setupFailureToast === 'function' ? props.setupFailureToast(err) : props.setupFailureToast;
      if (toast) notify({ type: 'error', ...toast });
      setPhase('idle');
      props.onSetupFailed?.();
    }
  };

  if (phase === 'confirmed') {
    return (
      <Card.Root borderColor="green.500" borderWidth="2px" role="status" data-testid="payment-confirmed">
        <Card.Body>
          <Stack gap="2" align="start">
            <Text color="green.600" fontSize="2xl" aria-hidden="true">
              <LucideCircleCheck />
            </Text>
            {props.confirmed}
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }

  if (phase === 'idle' || phase === 'setting-up' || !clientSecret) {
    return (
      <Button colorPalette="accent" size="lg" onClick={start} disabled={phase === 'setting-up'} alignSelf="start">
        {phase === 'setting-up' ? (
          <>
            <Spinner size="sm" /> Setting up payment...
          </>
        ) : (
          props.startLabel
        )}
      </Button>
    );
  }

  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ clientSecret }}>
      <CardForm
        payLabel={props.payLabel}
        returnPath={props.returnPath}
        onProcessing={() => setPhase('processing')}
        onFailed={() => setPhase('form')}
        onDone={() => {
          setPhase('confirmed');
          notify({ type: 'success', ...props.successToast });
        }}
      />
    </Elements>
  );
}
