/**
 * The saved quote page's content (issue 21 points 4, 5, 6; public-site.md §2 step 5, §4, §9): the
 * quote of a link (/quotes/{token}, no login). The options are compared side by side (Recommended
 * pre-selected, or the approved one); the chosen design is shown in full (QuoteResult); the customer
 * approves it by typing their full name and ticking the terms, then pays the 10% deposit of the
 * approved option (DepositSection, the Stripe flow). A superseded version says so (the new link was
 * emailed); an expired one offers to request a refreshed quote. Loading, invalid-link and error
 * states; field errors at their fields with the focus on the first.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Container,
  Field,
  Heading,
  HStack,
  Input,
  Link,
  RadioCard,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { checkboxSlotRecipe } from '~chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '~chakra-theme/recipes/checkmark';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { radioCardSlotRecipe } from '~chakra-theme/recipes/radio-card';
import { radiomarkRecipe } from '~chakra-theme/recipes/radiomark';
import {
  DEPOSIT_PERCENT,
  QUOTE_OPTION_KEYS,
  QUOTE_OPTION_LABELS,
  depositCentsForTotal,
  type PublicQuote,
  type QuoteOptionKey,
} from '@ironclad/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../lib/api';
import { registerRecipes } from '../../components/ui/recipes';
import { QuoteResult } from '../designer/quote-result';
import { DepositSection } from '../designer/deposit-section';
import { formatUsd } from '../designer/wizard-options';
import { formatCents } from '../payments/api/payment-api';
import { telHref, usePublicConfig } from '../site-config/public-config';
import { approveQuote, quoteKeys, savedQuoteQuery } from './api/quote-api';

registerRecipes({
  recipes: { checkmark: checkmarkRecipe, input: inputRecipe, radiomark: radiomarkRecipe },
  slotRecipes: { alert: alertSlotRecipe, checkbox: checkboxSlotRecipe, field: fieldSlotRecipe, radioCard: radioCardSlotRecipe },
});

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The whole page for link `token`. */
export function SavedQuote({ token }: { token: string }) {
  const { company } = usePublicConfig();
  const query = useQuery(savedQuoteQuery(token));
  const headingRef = useRef<HTMLHeadingElement>(null);
  const q = query.data;

  return (
    <Container maxW="6xl" py={{ base: '8', md: '14' }} px={{ base: '4', md: '6' }}>
      <Stack gap="8" id="quote">
        <Stack gap="2">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} ref={headingRef} tabIndex={-1} id="quote-heading">
            Your Security Quote
          </Heading>
          {q ? (
            <Text color="fg.muted" data-testid="quote-meta">
              {q.customerFirstName ? `Prepared for ${q.customerFirstName} · ` : ''}Version {q.version} · Issued {day(q.createdAt)} · Valid
              until {day(q.expiresAt)}
            </Text>
          ) : null}
        </Stack>

        {query.isPending ? (
          <HStack role="status" gap="3">
            <Spinner size="sm" />
            <Text>Loading your quote…</Text>
          </HStack>
        ) : query.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)
                  ? 'This quote link is not valid.'
                  : 'We could not load your quote.'}
              </Alert.Title>
              <Alert.Description>
                Please use the link in your latest email from us, or call us at <Link href={telHref(company.phone)}>{company.phone}</Link>.
                {query.error instanceof ApiError && query.error.status < 500 ? null : (
                  <>
                    {' '}
                    <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
                      Try again
                    </Button>
                  </>
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : q ? (
          <QuoteBody token={token} quote={q} />
        ) : null}
      </Stack>
    </Container>
  );
}

/** The quote once loaded: its state notices, the options, the chosen design, approval and deposit. */
function QuoteBody({ token, quote }: { token: string; quote: PublicQuote }) {
  const { company } = usePublicConfig();
  const [selected, setSelected] = useState<QuoteOptionKey>(quote.approval?.option ?? quote.chosenOption);
  const offered = QUOTE_OPTION_KEYS.filter((k) => quote.options[k]);
  const design = quote.options[selected] ?? quote.options.recommended;
  const closed = quote.expired || quote.status === 'superseded';

  if (quote.status === 'superseded') {
    return (
      <Alert.Root status="warning" data-testid="quote-superseded">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This quote was superseded by a newer version.</Alert.Title>
          <Alert.Description>
            We have updated your quote and emailed you its new link. Questions? Call us at{' '}
            <Link href={telHref(company.phone)}>{company.phone}</Link>.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (quote.expired && quote.status !== 'deposit_paid') {
    return (
      <Alert.Root status="info" data-testid="quote-expired">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This quote expired on {day(quote.expiresAt)}.</Alert.Title>
          <Alert.Description>
            <Stack gap="3" align="start" mt="1">
              <Text>Prices and equipment change: request a refreshed quote and we will prepare it with today's prices.</Text>
              <HStack gap="3" wrap="wrap">
                <Button asChild colorPalette="brand">
                  <RouterLink to="/shopping#designer">Request a refreshed quote</RouterLink>
                </Button>
                <Link href={telHref(company.phone)}>or call {company.phone}</Link>
              </HStack>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="8">
      {offered.length > 1 ? (
        <RadioCard.Root
          value={selected}
          onValueChange={(d) => d.value && setSelected(d.value as QuoteOptionKey)}
          disabled={closed || quote.status === 'deposit_paid'}
          colorPalette="brand"
          orientation="vertical"
          align="start"
        >
          <RadioCard.Label fontSize="lg" fontWeight="semibold">
            Compare the options and pick one
          </RadioCard.Label>
          <SimpleGrid columns={{ base: 1, md: offered.length }} gap="4" data-testid="quote-options">
            {offered.map((key) => {
              const o = quote.options[key]!;
              return (
                <RadioCard.Item key={key} value={key} data-option={key}>
                  <RadioCard.ItemHiddenInput aria-describedby={`option-${key}-details`} />
                  <RadioCard.ItemControl>
                    <RadioCard.ItemContent>
                      <HStack gap="2">
                        <RadioCard.ItemText fontSize="lg">{QUOTE_OPTION_LABELS[key]}</RadioCard.ItemText>
                        {key === 'recommended' ? <Badge colorPalette="accent">Best fit</Badge> : null}
                      </HStack>
                      <RadioCard.ItemDescription id={`option-${key}-details`}>
                        <Stack gap="1" mt="1">
                          <Text fontSize="2xl" fontWeight="bold" color="fg" data-testid={`option-total-${key}`}>
                            {formatUsd(o.pricing.totalProjectCost)}
                          </Text>
                          <Text>
                            {o.projectDetails.totalCameras} cameras · {o.projectDetails.totalProjectDays} business days
                          </Text>
                          <Text>
                            {DEPOSIT_PERCENT}% deposit {formatCents(depositCentsForTotal(o.pricing.totalProjectCost))}
                          </Text>
                        </Stack>
                      </RadioCard.ItemDescription>
                    </RadioCard.ItemContent>
                    <RadioCard.ItemIndicator />
                  </RadioCard.ItemControl>
                </RadioCard.Item>
              );
            })}
          </SimpleGrid>
        </RadioCard.Root>
      ) : null}

      <QuoteResult
        recommendation={design}
        diagrams={quote.diagrams[selected] ?? []}
        nextStep={<ApproveAndPay token={token} quote={quote} option={selected} />}
      />
    </Stack>
  );
}

/** Field errors of the approval form. */
type ApprovalErrors = Partial<Record<'name' | 'acceptTerms' | 'option', string>>;

/**
 * "1. Secure your installation date": the approval form (typed name, terms) for the selected
 * option, then the deposit of the approved option; a paid deposit says so.
 */
function ApproveAndPay({ token, quote, option }: { token: string; quote: PublicQuote; option: QuoteOptionKey }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<ApprovalErrors>({});
  const [focusError, setFocusError] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const approval = quote.approval;
  const label = QUOTE_OPTION_LABELS[option];

  const mutation = useMutation({
    mutationFn: () => approveQuote(token, { option, name, acceptTerms: terms as true }),
    onSuccess: (q) => {
      setErrors({});
      queryClient.setQueryData(quoteKeys.quote(token), q);
    },
    onError: (err) => {
      const fe = err instanceof ApiError ? err.body?.details?.fieldErrors : undefined;
      if (fe) {
        setErrors({ name: fe.name?.[0], acceptTerms: fe.acceptTerms?.[0], option: fe.option?.[0] });
        setFocusError((n) => n + 1);
      } else if (err instanceof ApiError && (err.status === 409 || err.status === 410)) {
        void queryClient.invalidateQueries({ queryKey: quoteKeys.quote(token) });
      }
    },
  });

  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  if (quote.status === 'deposit_paid') {
    return (
      <Alert.Root status="success" data-testid="quote-deposit-paid">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Deposit paid — thank you!</Alert.Title>
          <Alert.Description>
            {approval ? `${QUOTE_OPTION_LABELS[approval.option]} option approved by ${approval.name}. ` : ''}Your installation date is
            secured; we'll contact you within 24 hours.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  if (approval && approval.option === option) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" data-testid="quote-approved">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {label} option approved by {approval.name}
            </Alert.Title>
            <Alert.Description>Signed on {new Date(approval.approvedAt).toLocaleString('en-US')}.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <DepositSection
          quoteToken={token}
          depositCents={quote.depositCents}
          cameras={quote.options[option]?.projectDetails.totalCameras ?? 0}
        />
      </Stack>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: ApprovalErrors = {};
    if (name.trim().length < 2) next.name = 'Type your full name to sign.';
    if (!terms) next.acceptTerms = 'Please accept the terms to approve the quote.';
    setErrors(next);
    if (Object.keys(next).length) {
      setFocusError((n) => n + 1);
      return;
    }
    mutation.mutate();
  };

  return (
    <Stack asChild gap="4">
      <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="approve-heading" data-testid="quote-approval">
        <Text id="approve-heading" fontWeight="semibold">
          Approve the {label} option ({formatUsd(quote.options[option]?.pricing.totalProjectCost ?? 0)}) to pay its {DEPOSIT_PERCENT}%
          deposit.
        </Text>
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>
            Your full name (signature)
            <Field.RequiredIndicator />
          </Field.Label>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" maxLength={200} />
          {errors.name ? <Field.ErrorText>{errors.name}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.acceptTerms)}>
          <Checkbox.Root
            checked={terms}
            onCheckedChange={(d) => setTerms(d.checked === true)}
            colorPalette="brand"
            invalid={Boolean(errors.acceptTerms)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              I accept the{' '}
              <Link asChild colorPalette="brand">
                <RouterLink to="/terms" target="_blank">
                  terms
                </RouterLink>
              </Link>{' '}
              and approve this quote.
            </Checkbox.Label>
          </Checkbox.Root>
          {errors.acceptTerms ? <Field.ErrorText>{errors.acceptTerms}</Field.ErrorText> : null}
        </Field.Root>
        {errors.option ? <Text color="fg.error">{errors.option}</Text> : null}
        {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.body?.details?.fieldErrors) ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>
              {mutation.error instanceof ApiError && mutation.error.body?.message
                ? mutation.error.body.message
                : 'We could not record your approval. Please try again.'}
            </Alert.Description>
          </Alert.Root>
        ) : null}
        <Box>
          <Button type="submit" colorPalette="accent" loading={mutation.isPending} loadingText="Approving...">
            Approve {label} option
          </Button>
        </Box>
      </form>
    </Stack>
  );
}
