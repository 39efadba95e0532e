/**
 * What a public form sends besides its fields so the api can tell people from bots (contracts
 * `formSignalsSchema`): the honeypot's value, the time since the form was shown, and, once the
 * api asked for it (428 CHALLENGE_REQUIRED), the ALTCHA widget's proof-of-work payload.
 *
 * Usage: `const guard = useFormGuard();` render `<HoneypotField guard={guard} />` inside the
 * form and `<ChallengePrompt guard={guard} />` beside the submit button; spread
 * `guard.signals()` into the request body; pass a failed request's error to `guard.onError(err)`
 * (it answers what happened), and call `guard.onSuccess()` after a successful one.
 */
import { ErrorCode, HONEYPOT_FIELD, type FormSignals } from '@ironclad/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';

/** What a failed public write meant for the form. */
export type GuardOutcome =
  /** The api wants the challenge solved: the prompt is shown, the visitor ticks it and sends again. */
  | { kind: 'challenge'; message: string }
  /** Over the per-address limit: `message` says when to try again, ending "or call us." */
  | { kind: 'limited'; message: string }
  | { kind: 'other' };

export interface FormGuard {
  /** Ref of the honeypot input (HoneypotField). */
  honeypotRef: React.RefObject<HTMLInputElement | null>;
  /** The signals to send with the form's body; a solved payload is included once (it is good for one request). */
  signals: () => FormSignals;
  /** Set while the api asks for the challenge: the message to show above the widget. */
  challengeMessage: string | null;
  /** Whether a solved, unused payload is ready. */
  solved: boolean;
  /** Changes each time the api asks for the check again (the widget resets to be ticked anew). */
  challengeRound: number;
  /** Called by the widget with its payload once solved (null when it expired or was reset). */
  setSolution: (payload: string | null) => void;
  /** Reads a failed request's error. */
  onError: (err: unknown) => GuardOutcome;
  /** After a successful write: the solution is spent and the prompt goes away. */
  onSuccess: () => void;
}

/** The message of a 429 for people, from the api's body (which says when to try again). */
function limitedMessage(err: ApiError): string {
  return err.body?.message ?? 'Too many requests from your network. Please try again later, or call us.';
}

/** A 429's message with the number to call: "… or call us at (212) 555-0147." */
export function limitedMessageWithPhone(outcome: { message: string }, phone: string): string {
  return `${outcome.message.replace(/\.$/, '')} at ${phone}.`;
}

/** State of one public form's bot defences; the fill time counts from the form's first render. */
export function useFormGuard(): FormGuard {
  const shownAt = useRef<number>(0);
  if (shownAt.current === 0) shownAt.current = Date.now();
  const honeypotRef = useRef<HTMLInputElement | null>(null);
  const [challengeMessage, setChallengeMessage] = useState<string | null>(null);
  const [solved, setSolved] = useState(false);
  const [challengeRound, setChallengeRound] = useState(0);
  const solution = useRef<string | null>(null);

  const setSolution = useCallback((payload: string | null) => {
    solution.current = payload;
    setSolved(payload !== null);
  }, []);

  const signals = useCallback((): FormSignals => {
    const altcha = solution.current;
    solution.current = null; // spent by this request; the api's pass covers the next few
    return {
      [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
      formElapsedMs: Math.max(0, Math.round(Date.now() - shownAt.current)),
      ...(altcha ? { altcha } : {}),
    };
  }, []);

  const onError = useCallback(
    (err: unknown): GuardOutcome => {
      if (!(err instanceof ApiError)) return { kind: 'other' };
      if (err.status === 428 && err.body?.code === ErrorCode.ChallengeRequired) {
        const message = err.body.message;
        setSolution(null); // a payload is good once: the widget must be ticked again
        setChallengeRound((n) => n + 1);
        setChallengeMessage(message);
        return { kind: 'challenge', message };
      }
      if (err.status === 429) return { kind: 'limited', message: limitedMessage(err) };
      return { kind: 'other' };
    },
    [setSolution],
  );

  const onSuccess = useCallback(() => {
    setSolution(null);
    setChallengeMessage(null);
  }, [setSolution]);

  return useMemo(
    () => ({ honeypotRef, signals, challengeMessage, solved, challengeRound, setSolution, onError, onSuccess }),
    [signals, challengeMessage, solved, challengeRound, setSolution, onError, onSuccess],
  );
}
