/**
 * What a public form shows while its submission rides out an outage (issue 26 point 7,
 * lib/resilient-submit.ts): while retrying, the sentence in a polite live region; once the
 * retry window is over, the company's phone number and a Retry button (the form keeps what the
 * visitor typed).
 */
import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { registerRecipes } from '../ui/recipes';
import { SUBMIT_TROUBLE_MESSAGE, type SubmitTrouble as Trouble } from '../../lib/resilient-submit';
import { telHref, useCompanyFacts } from '../../features/site-config/public-config';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

/** The trouble notice of a form; nothing when `trouble` is null. */
export function SubmitTrouble({ trouble, onRetry, busy }: { trouble: Trouble; onRetry: () => void; busy?: boolean }) {
  const company = useCompanyFacts();
  if (trouble === 'retrying') {
    return (
      <Alert.Root status="warning" role="status" aria-live="polite" data-testid="submit-trouble">
        <Alert.Indicator />
        <Alert.Title>{SUBMIT_TROUBLE_MESSAGE}</Alert.Title>
      </Alert.Root>
    );
  }
  if (trouble === 'gave-up') {
    return (
      <Alert.Root status="error" role="alert" data-testid="submit-gave-up">
        <Alert.Indicator />
        <Stack gap="2">
          <Alert.Title>We could not save your request yet. Your answers are kept.</Alert.Title>
          <Text>
            Please call us at{' '}
            <Link href={telHref(company.phone)} whiteSpace="nowrap" fontWeight="semibold">
              {company.phone}
            </Link>
            , or try again.
          </Text>
          <Button type="button" size="sm" alignSelf="flex-start" colorPalette="accent" onClick={onRetry} disabled={busy}>
            Retry
          </Button>
        </Stack>
      </Alert.Root>
    );
  }
  return null;
}
