/**
 * The self-hosted proof-of-work check (ALTCHA widget, `altcha/external` with its PBKDF2 worker
 * from our own origin, so the strict CSP holds), shown only when the api asked for it (428
 * CHALLENGE_REQUIRED). The visitor ticks "I'm not a robot" (a real checkbox: Tab then Space
 * works, screen readers announce its state), the browser solves the puzzle in a worker, and the
 * form is sent again with the payload. Nothing the visitor typed is lost meanwhile.
 */
import { Alert, Box, Spinner } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { useEffect, useRef, useState } from 'react';
import { registerRecipes } from '../../components/ui/recipes';
import type { FormGuard } from './form-guard';
import type {} from 'altcha/types/react';

registerRecipes({ slotRecipes: { alert: alertSlotRecipe } });

/**
 * The widget's light colours, set on the element. Its stylesheet defines them as `light-dark(…)`
 * custom properties, which the production CSS build lowers into an invalid value (both colours
 * run together): the checkbox would then have no border and be invisible. The site is light.
 */
const WIDGET_COLORS = {
  '--altcha-color-base': 'oklch(100% 0.00011 271.152)',
  '--altcha-color-base-content': 'oklch(20.904% 0.00002 271.152)',
  '--altcha-color-neutral': 'oklch(83.591% 0.0001 271.152)',
  '--altcha-color-neutral-content': 'oklch(46.76% 0.00005 271.152)',
  '--altcha-checkbox-border-color': 'oklch(55% 0.00233 15.434)',
} as React.CSSProperties;

/** Widget options beyond its attributes: no vendor logo or footer link inside our forms. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideLogo: true, hideFooter: true });

let widgetLoad: Promise<void> | null = null;
/** Loads the widget's custom element, its stylesheet and registers its worker, once per page. */
function loadWidget(): Promise<void> {
  widgetLoad ??= Promise.all([
    import('altcha/external'),
    import('altcha/altcha.css'),
    import('altcha/workers/pbkdf2?worker').then((m) => m.default),
  ]).then(([, , PbkdfWorker]) => {
    for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
      globalThis.$altcha.algorithms.set(algorithm, () => new PbkdfWorker());
    }
  });
  widgetLoad.catch(() => (widgetLoad = null));
  return widgetLoad;
}

export function ChallengePrompt({ guard }: { guard: FormGuard }) {
  const ref = useRef<HTMLElement | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const { challengeMessage, challengeRound, setSolution } = guard;

  useEffect(() => {
    if (!challengeMessage) return;
    let live = true;
    loadWidget().then(
      () => live && setReady(true),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [challengeMessage]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !ready) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      setSolution(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready, setSolution]);

  // Asked again (the solution was spent or refused): the widget goes back to "tick me".
  useEffect(() => {
    const el = ref.current as (HTMLElement & { reset?: () => void }) | null;
    if (challengeRound > 1) el?.reset?.();
  }, [challengeRound]);

  if (!challengeMessage) return null;
  return (
    <Box data-testid="challenge-prompt">
      <Alert.Root status="info" mb="2">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{challengeMessage}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {failed ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>The check could not be loaded. Please reload the page, or call us.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : ready ? (
        <altcha-widget
          ref={ref}
          challenge="/api/challenge"
          name="altcha"
          type="checkbox"
          auto="off"
          configuration={WIDGET_CONFIGURATION}
          style={WIDGET_COLORS}
        />
      ) : (
        <Spinner size="sm" aria-label="Loading the check" />
      )}
    </Box>
  );
}
