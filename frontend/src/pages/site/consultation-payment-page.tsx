/**
 * /consultation-payment (public-site.md §2, §4, §7, §8, §9): reads firstName, lastName, email,
 * phone and buildingType from the query string (after hydration: the prerendered page has no
 * query), shows a summary, 'Proceed to Payment', the card form and the success card
 * 'Consultation Scheduled!'; Back to Home; the 24-hour refund note. The server always charges
 * $250 (25000 cents) whatever a browser sends. Without Stripe keys the details are sent as a
 * consultation request and the page says when we will call.
 */
import { CONSULTATION_DEPOSIT_CENTS, WIZARD_BUILDING_TYPES, type WizardBuildingType } from '@ironclad/contracts';
import {
  Alert,
  Box,
  Button,
  Container,
  Field,
  Heading,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { nativeSelectSlotRecipe } from '~chakra-theme/recipes/native-select';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { LucideShieldCheck } from 'lucide-react';
import { Link as RouterLink } from 'react-router';
import { BUILDING_TYPE_LABELS } from '../../features/designer/wizard-options';
import { createConsultationPayment, formatCents, requestConsultation } from '../../features/payments/api/payment-api';
import { telHref, usePublicConfig } from '../../features/site-config/public-config';
import { FormPrivacyNote } from '../../components/site/form-privacy-note';
import { registerRecipes } from '../../components/ui/recipes';
import { ChallengePrompt, HoneypotField, limitedMessageWithPhone, useFormGuard, type GuardOutcome } from '../../features/bot-defence';
import { SubmitTrouble } from '../../components/site/submit-trouble';
import type { SubmitTrouble as SubmitTroubleState } from '../../lib/resilient-submit';

registerRecipes({
  recipes: { input: inputRecipe },
  slotRecipes: { alert: alertSlotRecipe, field: fieldSlotRecipe, nativeSelect: nativeSelectSlotRecipe },
});

const StripePayment = lazy(() => import('../../features/payments/stripe-payment'));

/** The label of a building type from the query string (a wizard type, or the visitor's own words). */
const buildingTypeLabel = (type: string) => BUILDING_TYPE_LABELS[type as WizardBuildingType] ?? type;

const FIELDS = [
  { key: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { key: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;
type Customer = Record<(typeof FIELDS)[number]['key'], string>;

/**
 * Without online payment (decisions.md §14): the visitor's details go to the company as a
 * consultation request (POST /api/consultation-requests, a contact with source `consultation`),
 * and the page says when the company will call; or the visitor calls.
 */
function CallBackRequest({
  customer,
  buildingType,
  onBuildingType,
  complete,
}: {
  customer: Customer;
  buildingType: string;
  onBuildingType: (type: string) => void;
  complete: boolean;
}) {
  const { company } = usePublicConfig();
  const guard = useFormGuard();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [hours, setHours] = useState(24);
  const [error, setError] = useState<string | null>(null);
  const [triedWithoutType, setTriedWithoutType] = useState(false);
  const [trouble, setTrouble] = useState<SubmitTroubleState>(null);

  const send = async () => {
    if (!buildingType.trim()) {
      setTriedWithoutType(true);
      return;
    }
    setPhase('sending');
    setError(null);
    try {
      const answer = await requestConsultation({ ...customer, buildingType, ...guard.signals() }, setTrouble);
      guard.onSuccess();
      setHours(answer.callBackWithinHours);
      setPhase('sent');
    } catch (err) {
      const outcome = guard.onError(err);
      setPhase('idle');
      if (outcome.kind === 'challenge') return;
      setError(
        outcome.kind === 'limited'
          ? limitedMessageWithPhone(outcome, company.phone)
          : `We could not send your request. Please check your details and try again, or call us at ${company.phone}.`,
      );
    }
  };

  if (phase === 'sent') {
    return (
      <Alert.Root status="success" role="status" data-testid="consultation-requested">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Consultation Requested!</Alert.Title>
          <Alert.Description>
            We'll call you at {customer.phone} within {hours} hours to schedule your site visit. The{' '}
            {formatCents(CONSULTATION_DEPOSIT_CENTS)} deposit is paid when we confirm the visit. Questions? Call{' '}
            <Link href={telHref(company.phone)}>{company.phone}</Link>.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="4">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Online payment is not available right now</Alert.Title>
          <Alert.Description>
            Send us your details and we'll call you within 24 hours to schedule your consultation and take the deposit, or call us at{' '}
            <Link href={telHref(company.phone)}>{company.phone}</Link>.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Field.Root required invalid={triedWithoutType && !buildingType.trim()} maxW="sm">
        <Field.Label>
          Building type
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={buildingType} onChange={(e) => onBuildingType(e.target.value)}>
            <option value="" disabled>
              Choose a building type
            </option>
            {buildingType && !(WIZARD_BUILDING_TYPES as readonly string[]).includes(buildingType) ? (
              <option value={buildingType}>{buildingType}</option>
            ) : null}
            {WIZARD_BUILDING_TYPES.map((t) => (
              <option key={t} value={t}>
                {BUILDING_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>Building type is required.</Field.ErrorText>
      </Field.Root>
      <HoneypotField guard={guard} />
      <ChallengePrompt guard={guard} />
      <SubmitTrouble trouble={trouble} onRetry={() => void send()} busy={phase === 'sending'} />
      {error && trouble !== 'gave-up' ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {!complete ? <Text color="fg.muted">Fill in your details above to request a call.</Text> : null}
      <Button
        colorPalette="brand"
        alignSelf="start"
        disabled={!complete || phase === 'sending' || (guard.challengeMessage !== null && !guard.solved)}
        loading={phase === 'sending'}
        loadingText="Sending..."
        onClick={() => void send()}
      >
        Request a Call
      </Button>
    </Stack>
  );
}

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
          <Box as="dl" mt="5" display="grid" gridTemplateColumns="max-content 1fr" columnGap="2" rowGap="1">
            {buildingType ? (
              <>
                <Text as="dt" fontWeight="semibold">
                  Building type:
                </Text>
                <Text as="dd">{buildingTypeLabel(buildingType)}</Text>
              </>
            ) : null}
            <Text as="dt" fontWeight="semibold">
              Consultation deposit:
            </Text>
            <Text as="dd" data-testid="consultation-amount">
              {formatCents(CONSULTATION_DEPOSIT_CENTS)}
            </Text>
          </Box>
        </Box>

        <Box as="section" aria-label="Payment">
          {!stripePublishableKey ? (
            <CallBackRequest customer={customer} buildingType={buildingType} onBuildingType={setBuildingType} complete={!!complete} />
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
        <FormPrivacyNote withTerms>We use your details only to schedule your consultation.</FormPrivacyNote>
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to="/">Back to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
