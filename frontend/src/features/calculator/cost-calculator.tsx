/**
 * The cost calculator (public-site.md §2 "Cost calculator", §3, §4, §7, §8, §9; decisions.md §3,
 * §7, §11): configuration controls, a total cost card that animates to each new value,
 * a timeline card, the cost breakdown, the PDF quote dialog and the live status of the PDF job.
 * Prices come from `priceCalculator` (@ironclad/contracts), the same function the server uses;
 * the discount is the valid promotion's percent (0 when none).
 */
import {
  BREAKDOWN_LINES,
  CALCULATOR_TOASTS,
  DEFAULT_CALCULATOR_SPECS,
  ESTIMATE_PDF_STEPS,
  formatUsd,
  isPromotionActive,
  priceCalculator,
  type BreakdownLine,
  type CostBreakdown as CostBreakdownLines,
  type CalculatorSpecs,
  type EstimatePdfProgress,
  type EstimatePdfStep,
  type JobUpdate,
  type QueueName,
} from '@ironclad/contracts';
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { notify } from '../../components/ui/toaster';
import { ApiError, ApiResponseError } from '../../lib/api';
import { watchJob } from '../../lib/socket';
import { telHref, usePublicConfig } from '../site-config/public-config';
import { CalculatorControls } from './calculator-controls';
import { PdfQuoteDialog } from './pdf-quote-dialog';
import { isRetryableSubmitError, type SubmitTrouble } from '../../lib/resilient-submit';
import { createCalculatorLead, requestEstimatePdf, type PdfQuoteForm } from './request-pdf-quote';
import { limitedMessageWithPhone, useFormGuard } from '../bot-defence';
import { AnimatedTotal } from './animated-total';
import { registerRecipes } from '../../components/ui/recipes';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

const LINE_LABELS: Record<BreakdownLine, string> = {
  cameras: 'Cameras',
  nvr: 'NVR (video recorder)',
  accessories: 'Accessories & infrastructure',
  wiring: 'Wiring',
  installation: 'Installation',
  accessControl: 'Access control',
  videoIntercom: 'Video intercom',
  monitoring: 'Monitoring setup',
};

const STEP_LABELS: Record<EstimatePdfStep, string> = { queued: 'Queued', rendering: 'Rendering', emailed: 'Emailed' };

/** What the visitor sees of the PDF job. `saved` = produced but not emailed; `failed` = not produced. */
type PdfPhase = EstimatePdfStep | 'saved' | 'failed';
interface PdfJob {
  jobId: string;
  queue: QueueName;
  email: string;
  phase: PdfPhase;
}

/** The "temporarily unavailable — call us" state (decisions.md §11). */
function CalculatorUnavailable({ phone }: { phone: string }) {
  return (
    <Alert.Root status="warning" data-testid="calculator-unavailable">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The cost calculator is temporarily unavailable</Alert.Title>
        <Alert.Description>
          Please call us at{' '}
          <Link href={telHref(phone)} fontWeight="semibold">
            {phone}
          </Link>{' '}
          for a quote.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Live steps of the PDF job: queued → rendering → emailed. */
function PdfStatus({ job }: { job: PdfJob }) {
  const reached = job.phase === 'saved' ? 2 : job.phase === 'failed' ? -1 : ESTIMATE_PDF_STEPS.indexOf(job.phase);
  const summary =
    job.phase === 'emailed'
      ? `PDF quote emailed to ${job.email}.`
      : job.phase === 'saved'
        ? 'Your quote is saved; we will email the PDF shortly.'
        : job.phase === 'failed'
          ? 'The PDF could not be produced; your quote is saved.'
          : `Preparing your PDF quote: ${STEP_LABELS[job.phase].toLowerCase()}…`;
  return (
    <Card.Root variant="outline" data-testid="pdf-status" data-phase={job.phase}>
      <Card.Body gap="3">
        <Heading as="h3" size="sm">
          Your PDF quote
        </Heading>
        <HStack as="ol" gap="2" listStyleType="none" flexWrap="wrap" aria-label="PDF quote steps">
          {ESTIMATE_PDF_STEPS.map((step, i) => {
            const done = i < reached || (i === reached && (step === 'emailed' || job.phase === 'saved'));
            const current = i === reached && !done;
            const label = step === 'emailed' && job.phase === 'saved' ? 'Saved' : STEP_LABELS[step];
            return (
              <li
                key={step}
                data-step={step}
                data-state={done ? 'done' : current ? 'current' : 'pending'}
                aria-current={current ? 'step' : undefined}
              >
                <Badge colorPalette={done ? 'green' : current ? 'brand' : 'gray'} variant={done || current ? 'solid' : 'outline'} size="md">
                  {done ? '✓ ' : ''}
                  {label}
                </Badge>
              </li>
            );
          })}
        </HStack>
        <Text role="status" aria-live="polite" fontSize="sm" color="fg.muted">
          {summary}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The cost breakdown list (public-site.md §3 "Cost breakdown"): the eight lines, subtotal,
 * discount and total, whole dollars. Memoised: it re-renders when the prices change, not when
 * the dialog or the PDF status does.
 */
const CostBreakdown = memo(function CostBreakdown({
  breakdown,
  promotion,
}: {
  breakdown: CostBreakdownLines;
  promotion: { code: string; percent: number } | null;
}) {
  return (
    <Box as="dl" data-testid="calculator-breakdown">
      {BREAKDOWN_LINES.map((key) => (
        <Flex key={key} justify="space-between" py="1" borderBottomWidth="1px" data-testid={`breakdown-${key}`}>
          <Text as="dt">{LINE_LABELS[key]}</Text>
          <Text as="dd" fontVariantNumeric="tabular-nums">
            {formatUsd(breakdown[key])}
          </Text>
        </Flex>
      ))}
      <Flex justify="space-between" pt="2" fontWeight="semibold" data-testid="breakdown-subtotal">
        <Text as="dt">Subtotal</Text>
        <Text as="dd">{formatUsd(breakdown.subtotal)}</Text>
      </Flex>
      <Flex justify="space-between" py="1" color={breakdown.discount > 0 ? 'green.600' : undefined} data-testid="breakdown-discount">
        <Text as="dt">Discount{promotion ? ` (${promotion.code} ${promotion.percent}%)` : ''}</Text>
        <Text as="dd">-{formatUsd(breakdown.discount)}</Text>
      </Flex>
      <Flex justify="space-between" pt="1" fontWeight="bold" fontSize="lg" data-testid="breakdown-total">
        <Text as="dt">Total</Text>
        <Text as="dd">{formatUsd(breakdown.total)}</Text>
      </Flex>
    </Box>
  );
});

/** Maps a job update to the phase shown (and whether the job is over). */
function phaseOf(update: JobUpdate, current: PdfPhase): PdfPhase {
  switch (update.state) {
    case 'queued':
      return current === 'queued' ? 'queued' : current;
    case 'active':
      return current === 'queued' ? 'rendering' : current;
    case 'progress': {
      const step = (update.progress as EstimatePdfProgress | undefined)?.step;
      if (step === 'emailed') return 'emailed';
      if (step === 'saved') return 'saved';
      return 'rendering';
    }
    case 'completed':
      return (update.result as { emailed?: boolean } | undefined)?.emailed ? 'emailed' : 'saved';
    case 'failed':
      return 'failed';
  }
}

/** The whole calculator. */
export function CostCalculator() {
  const config = usePublicConfig();
  const [specs, setSpecs] = useState<CalculatorSpecs>(DEFAULT_CALCULATOR_SPECS);
  const promotion = isPromotionActive(config.promotion) ? config.promotion : null;
  const percent = promotion?.percent ?? 0;
  // The sliders follow the visitor's hand at once; the prices re-render in a background pass that
  // React interrupts when the next move comes (no long task on a slow phone).
  const pricedSpecs = useDeferredValue(specs);
  const estimate = useMemo(() => priceCalculator(pricedSpecs, percent), [pricedSpecs, percent]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [trouble, setTrouble] = useState<SubmitTrouble>(null);
  const [pdfJob, setPdfJob] = useState<PdfJob | null>(null);
  const toasted = useRef<string | null>(null);
  const guard = useFormGuard();

  // Live status of the PDF job over Socket.IO; the final toast is shown once per job (§8).
  const jobId = pdfJob?.jobId;
  useEffect(() => {
    if (!pdfJob) return;
    const { jobId: id, queue, email } = pdfJob;
    return watchJob(
      id,
      (update) => {
        setPdfJob((prev) => (prev && prev.jobId === id ? { ...prev, phase: phaseOf(update, prev.phase) } : prev));
        if ((update.state === 'completed' || update.state === 'failed') && toasted.current !== id) {
          toasted.current = id;
          const emailed = update.state === 'completed' && (update.result as { emailed?: boolean } | undefined)?.emailed;
          if (emailed) notify({ type: 'success', ...CALCULATOR_TOASTS.pdfOk(email) });
          else notify({ type: 'warning', ...CALCULATOR_TOASTS.pdfNotOk });
        }
      },
      queue,
    );
    // Re-subscribe only for a new job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId]);

  if (!config.features.calculator_enabled) return <CalculatorUnavailable phone={config.company.phone} />;

  /**
   * §7: create the lead, then request the PDF — each retried through a 503 or a lost connection for
   * up to two minutes, the dialog saying so (issue 26 point 7). When the retries are over the
   * dialog stays open with what was typed, the phone number and a Retry button (the same
   * submission again: the api answers the lead already stored instead of a second one). Resolves
   * true when the dialog closes.
   */
  const requestQuote = async (form: PdfQuoteForm): Promise<boolean> => {
    setSubmitting(true);
    setTrouble(null);
    // Priced from the specs as they are now (the shown estimate may lag one deferred render).
    const quoted = priceCalculator(specs, percent);
    let leadId: number;
    try {
      leadId = await createCalculatorLead(form, quoted, guard.signals(), setTrouble);
    } catch (err) {
      setSubmitting(false);
      const outcome = guard.onError(err);
      // Asked for the check: the prompt in the dialog says what to do; the form keeps its values.
      if (outcome.kind === 'challenge') return false;
      if (outcome.kind === 'limited') {
        notify({
          type: 'error',
          title: 'Please try again later',
          description: limitedMessageWithPhone(outcome, config.company.phone),
        });
        return false;
      }
      console.error('Calculator lead failed', err);
      // Retried for two minutes in vain: the dialog's notice offers the phone number and Retry.
      if (isRetryableSubmitError(err)) return false;
      notify({ type: 'info', ...CALCULATOR_TOASTS.exception });
      return false;
    }
    try {
      const job = await requestEstimatePdf(leadId, form, quoted, guard.signals(), setTrouble);
      toasted.current = null;
      setPdfJob({ jobId: job.jobId, queue: job.queue, email: form.email, phase: 'queued' });
    } catch (err) {
      console.error('PDF request failed', err);
      if (isRetryableSubmitError(err)) {
        // Retried for two minutes in vain: the dialog keeps the form, the phone number and Retry.
        setSubmitting(false);
        return false;
      }
      // §8: a non-OK answer is "Calculator PDF not OK"; an exception (no answer at all) is "Calculator exception".
      if (err instanceof ApiError || err instanceof ApiResponseError) notify({ type: 'warning', ...CALCULATOR_TOASTS.pdfNotOk });
      else notify({ type: 'info', ...CALCULATOR_TOASTS.exception });
    }
    guard.onSuccess();
    setSubmitting(false);
    setDialogOpen(false);
    return true;
  };

  const { breakdown, timeline } = estimate;
  return (
    <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: '6', lg: '8' }} alignItems="start">
      <Card.Root gridColumn={{ lg: 'span 3' }} gridRow={{ lg: 'span 2' }} variant="elevated">
        <Card.Header>
          <Heading as="h2" size="lg">
            Project configuration
          </Heading>
        </Card.Header>
        <Card.Body>
          <CalculatorControls specs={specs} onChange={setSpecs} />
        </Card.Body>
      </Card.Root>

      {/* On a phone the total sticks to the bottom of the screen while the controls above it move
        (the grid is its containing block); beside the controls on a wide screen. */}
      <Card.Root
        bg="brand.800"
        color="white"
        variant="elevated"
        gridColumn={{ lg: 'span 2' }}
        position={{ base: 'sticky', lg: 'static' }}
        bottom={{ base: '2', lg: 'auto' }}
        zIndex={{ base: 'docked', lg: 'auto' }}
        shadow={{ base: 'lg', lg: 'md' }}
        data-testid="calculator-total-card"
      >
        <Card.Body gap="1">
          <Text fontSize="sm" textTransform="uppercase" letterSpacing="wide" color="brand.100">
            Total estimated cost
          </Text>
          <AnimatedTotal value={breakdown.total} />
          <VisuallyHidden aria-live="polite">Total estimated cost: {formatUsd(breakdown.total)}</VisuallyHidden>
          {promotion && breakdown.discount > 0 ? (
            <Text fontSize="sm" color="accent.200">
              Includes {promotion.code}: {promotion.percent}% off ({formatUsd(breakdown.discount)} saved)
            </Text>
          ) : null}
        </Card.Body>
      </Card.Root>

      <Stack gridColumn={{ lg: 'span 2' }} gap="5">
        <Card.Root variant="outline">
          <Card.Body gap="1">
            <Text fontSize="sm" color="fg.muted">
              Estimated timeline
            </Text>
            <Text fontSize="2xl" fontWeight="semibold" data-testid="calculator-timeline">
              {timeline.label}
            </Text>
          </Card.Body>
        </Card.Root>

        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h2" size="md">
              Cost breakdown
            </Heading>
          </Card.Header>
          <Card.Body>
            <CostBreakdown breakdown={breakdown} promotion={promotion} />
          </Card.Body>
          <Card.Footer>
            <Button colorPalette="accent" color="accent.950" width="full" size="lg" onClick={() => setDialogOpen(true)}>
              Get PDF Quote
            </Button>
          </Card.Footer>
        </Card.Root>

        {pdfJob ? <PdfStatus job={pdfJob} /> : null}
      </Stack>

      <PdfQuoteDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        submitting={submitting}
        onSubmit={requestQuote}
        guard={guard}
        trouble={trouble}
      />
    </SimpleGrid>
  );
}
