/**
 * The wizard's 10% deposit (public-site.md §2 step 5, §9; decisions.md §3, §14). The amount
 * shown is round(10% × the server's total); the server recomputes it from the stored lead.
 * Without Stripe keys the section says online payment is not available and offers the phone.
 * The deposit is addressed by the quote's deposit token (issue 25 point 4: never by the lead id);
 * a refused setup (quote not payable online, payment paused after card failures, too many
 * attempts) shows 'Payment Setup Failed' with the server's message, which says to call; when the
 * api asks for the check (428) the ALTCHA prompt is shown instead and the button sends its payload.
 */
import { DEPOSIT_PERCENT, depositCentsForTotal } from '@ironclad/contracts';
import { Alert, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { Suspense, lazy } from 'react';
import { createDepositPayment, formatCents, setupFailureMessage } from '../payments/api/payment-api';
import { telHref, usePublicConfig } from '../site-config/public-config';
import type { WizardQuote } from './create-wizard-lead';
import type { WizardState } from './wizard-options';
import { registerRecipes } from '../../components/ui/recipes';
import { ChallengePrompt, useFormGuard } from '../bot-defence';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

const StripePayment = lazy(() => import('../payments/stripe-payment'));

export function DepositSection({ quote, customer }: { quote: WizardQuote; customer: WizardState }) {
  const { stripePublishableKey, company } = usePublicConfig();
  const depositCents = depositCentsForTotal(quote.totalEstimate);
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
            if (!quote.depositToken) throw new Error('This quote has no deposit token');
            // Only the challenge's payload: this is a button, not a form (no honeypot, no fill time).
            const { altcha } = guard.signals();
            const secret = await createDepositPayment({
              ...(altcha ? { altcha } : {}),
              quoteToken: quote.depositToken,
              totalAmount: quote.totalEstimate,
              customerInfo: {
                firstName: customer.firstName,
                lastName: customer.lastName,
                email: customer.email,
                phone: customer.phone,
                company: customer.company,
              },
              projectDetails: {
                buildingType: customer.buildingType,
                squareFootage: customer.squareFootage,
                totalCameras: quote.recommendation.projectDetails.totalCameras,
                fullDeposit: true,
                depositPercentage: DEPOSIT_PERCENT,
              },
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
