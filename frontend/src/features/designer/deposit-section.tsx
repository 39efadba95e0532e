/**
 * The saved quote's 10% deposit (public-site.md §2 step 5, §9; decisions.md §3, §14; issue 21
 * point 6: offered once the customer approved an option). The amount shown is the server's
 * `depositCents` (round(10% × the approved option's total)); the server recomputes it from the
 * approved quote version.
 * Without Stripe keys the section says online payment is not available and offers the phone.
 * The deposit is addressed by the quote's deposit token (issue 25 point 4: never by the lead id);
 * a refused setup (quote not payable online, payment paused after card failures, too many
 * attempts) shows 'Payment Setup Failed' with the server's message, which says to call; when the
 * api asks for the check (428) the ALTCHA prompt is shown instead and the button sends its payload.
 */
import { DEPOSIT_PERCENT } from '@ironclad/contracts';
import { Alert, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { Suspense, lazy } from 'react';
import { createDepositPayment, formatCents, setupFailureMessage } from '../payments/api/payment-api';
import { telHref, usePublicConfig } from '../site-config/public-config';
import { registerRecipes } from '../../components/ui/recipes';
import { ChallengePrompt, useFormGuard } from '../bot-defence';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

const StripePayment = lazy(() => import('../payments/stripe-payment'));

/**
 * @param quoteToken the quote version's link token (POST /api/create-deposit-payment `quoteToken`)
 * @param depositCents the deposit in integer cents, as the server computed it
 * @param cameras the chosen option's camera count (sent as information only)
 */
export function DepositSection({ quoteToken, depositCents, cameras }: { quoteToken: string; depositCents: number; cameras: number }) {
  const { stripePublishableKey, company } = usePublicConfig();
  const guard = useFormGuard();

  if (!stripePublishableKey) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Online payment is not available right now</Alert.Title>
          <Alert.Description>
            Call us at <Link href={telHref(company.phone)}>{company.phone}</Link> to pay your {formatCents(depositCents)} deposit by phone
            and secure your installation date.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="3">
      <Text>
        Secure your installation date with a {DEPOSIT_PERCENT}% deposit of <strong>{formatCents(depositCents)}</strong>. Paid by card
        through Stripe; we never see your card number.
      </Text>
      <Suspense fallback={<Spinner size="sm" />}>
        <StripePayment
          publishableKey={stripePublishableKey}
          returnPath="/payment-success"
          startLabel={`Pay ${formatCents(depositCents)} Deposit`}
          payLabel={`Pay ${formatCents(depositCents)}`}
          successToast={{
            title: 'Deposit Successful!',
            description: "Your installation date has been secured. We'll contact you within 24 hours.",
          }}
          setupFailureToast={(err) =>
            // Asked for the check: its prompt below says what to do, not an error toast.
            guard.onError(err).kind === 'challenge' ? null : { title: 'Payment Setup Failed', description: setupFailureMessage(err) }
          }
          createIntent={async () => {
            // Only the challenge's payload: this is a button, not a form (no honeypot, no fill time).
            const { altcha } = guard.signals();
            const secret = await createDepositPayment({
              ...(altcha ? { altcha } : {}),
              quoteToken,
              totalAmount: Math.round((depositCents * 100) / DEPOSIT_PERCENT / 100),
              projectDetails: { totalCameras: cameras, fullDeposit: true, depositPercentage: DEPOSIT_PERCENT },
            });
            guard.onSuccess();
            return secret;
          }}
          confirmed={
            <>
              <Text fontWeight="bold" fontSize="lg">
                Deposit Successful!
              </Text>
              <Text>Your installation date has been secured. We'll contact you within 24 hours.</Text>
            </>
          }
        />
      </Suspense>
      <ChallengePrompt guard={guard} />
    </Stack>
  );
}
