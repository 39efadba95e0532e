/**
 * /consultation-payment (public-site.md §2, §4, §7, §8, §9): reads firstName, lastName, email,
 * phone and buildingType from the query string (after hydration: the prerendered page has no
 * query), shows a summary, 'Proceed to Payment', the card form and the success card
 * 'Consultation Scheduled!'; Back to Home; the 24-hour refund note. The server always charges
 * $250 (25000 cents) whatever a browser sends. Without Stripe keys: call us instead.
 */
import { CONSULTATION_DEPOSIT_CENTS } from '@ironclad/contracts';
import { Alert, Box, Button, Container, Field, Heading, Input, Link, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { LucideShieldCheck } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { createConsultationPayment, formatCents } from '../../features/payments/api/payment-api';
import { telHref, usePublicConfig } from '../../features/site-config/public-config';
import { registerRecipes } from '../../components/ui/recipes';
import { ChallengePrompt, HoneypotField, limitedMessageWithPhone, useFormGuard, type GuardOutcome } from '../../features/bot-defence';

registerRecipes({ recipes: { input: inputRecipe }, slotRecipes: { alert: alertSlotRecipe, field: fieldSlotRecipe } });

const StripePayment = lazy(() => import('../../features/payments/stripe-payment'));

const FIELDS = [
  { key: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;
type Customer = Record<(typeof FIELDS)[number]['key'], string>;

export function ConsultationPaymentPage() {
  const { stripePublishableKey, company } = usePublicConfig();
  const [customer, setCustomer] = useState<Customer>({ firstName: '', lastName: '', email: '', phone: '' });
  const [buildingType, setBuildingType] = useState('');
  const [setupFailed, setSetupFailed] = useState<string | null>(null);
  const guard = useFormGuard();
  const lastOutcome = useRef<GuardOutcome>({ kind: 'other' });

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    setCustomer({
      firstName: q.get('firstName') ?? '',
      lastName: q.get('lastName') ?? '',
      email: q.get('email') ?? '',
      phone: q.get('phone') ?? '',
    });
    setBuildingType(q.get('buildingType') ?? '');
  }, []);

  const complete =
    customer.firstName.trim() && customer.lastName.trim() && /.+@.+\..+/.test(customer.email) && customer.phone.trim().length >= 10;

  return (
    <Container maxW="3xl" py={{ base: '10', md: '16' }}>
      <Stack gap="6">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Schedule Your Security Consultation
        </Heading>
        <Text color="fg.muted">
          A security expert visits your property, surveys every entry point and designs your system with you. The{' '}
          {formatCents(CONSULTATION_DEPOSIT_CENTS)} deposit reserves your visit.
        </Text>

        <Box borderWidth="1px" rounded="xl" p={{ base: '5', md: '8' }} as="section" aria-labelledby="summary-heading">
          <Heading as="h2" size="md" id="summary-heading" mb="4">
            Summary
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {FIELDS.map((f) => (
              <Field.Root key={f.key} required>
                <Field.Label>
                  {f.label}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  type={f.type}
                  autoComplete={f.autoComplete}
                  value={customer[f.key]}
                  onChange={(e) => setCustomer((c) => ({ ...c, [f.key]: e.target.value }))}
                />
              </Field.Root>
            ))}
          </SimpleGrid>
          <Stack as="dl" gap="1" mt="5">
            {buildingType ? (
              <Text>
                <Text as="dt" display="inline" fontWeight="semibold">
                  Building type:{' '}
                </Text>
                <Text as="dd" display="inline">
                  {buildingType}
                </Text>
              </Text>
            ) : null}
            <Text>
              <Text as="dt" display="inline" fontWeight="semibold">
                Consultation deposit:{' '}
              </Text>
              <Text as="dd" display="inline" data-testid="consultation-amount">
                {formatCents(CONSULTATION_DEPOSIT_CENTS)}
              </Text>
            </Text>
          </Stack>
        </Box>

        <Box as="section" aria-label="Payment">
          {!stripePublishableKey ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Online payment is not available right now</Alert.Title>
                <Alert.Description>
                  Call us at <Link href={telHref(company.phone)}>{company.phone}</Link> to schedule your consultation.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : !complete ? (
            <Text color="fg.muted">Fill in your details above to continue to payment.</Text>
          ) : (
            <Stack gap="3">
              {setupFailed ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{setupFailed}</Alert.Title>
                </Alert.Root>
              ) : null}
              <HoneypotField guard={guard} />
              <ChallengePrompt guard={guard} />
              <Suspense fallback={<Spinner size="sm" />}>
                <StripePayment
                  publishableKey={stripePublishableKey}
                  returnPath="/consultation-success"
                  startLabel="Proceed to Payment"
                  payLabel={`Pay ${formatCents(CONSULTATION_DEPOSIT_CENTS)}`}
                  successToast={{
                    title: 'Consultation Scheduled!',
                    description: "We'll contact you within 24 hours to schedule your site visit.",
                  }}
                  setupFailureToast={null}
                  onPhaseChange={(p) => p !== 'idle' && setSetupFailed(null)}
                  onSetupFailed={() => {
                    const o = lastOutcome.current;
                    // Asked for the check: its prompt says what to do, not an error.
                    if (o.kind === 'challenge') return setSetupFailed(null);
                    setSetupFailed(
                      o.kind === 'limited'
                        ? limitedMessageWithPhone(o, company.phone)
                        : `We could not start the payment. Please try again or call us at ${company.phone}.`,
                    );
                  }}
                  createIntent={async () => {
                    try {
                      const secret = await createConsultationPayment({
                        amount: CONSULTATION_DEPOSIT_CENTS,
                        customerInfo: customer,
                        projectDetails: { type: buildingType, description: 'On-site security consultation' },
                        ...guard.signals(),
                      });
                      lastOutcome.current = { kind: 'other' };
                      guard.onSuccess();
                      return secret;
                    } catch (err) {
                      lastOutcome.current = guard.onError(err);
                      throw err;
                    }
                  }}
                  confirmed={
                    <>
                      <Text fontWeight="bold" fontSize="lg">
                        Consultation Scheduled!
                      </Text>
                      <Text>We'll contact you within 24 hours to schedule your site visit.</Text>
                    </>
                  }
                />
              </Suspense>
            </Stack>
          )}
        </Box>

        <Text fontSize="sm" color="fg.muted">
          <LucideShieldCheck aria-hidden="true" style={{ display: 'inline', verticalAlign: 'middle' }} /> Your payment is processed securely
          by Stripe; we never see your card number. The deposit is fully refundable within 24 hours.
        </Text>
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to="/">Back to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
