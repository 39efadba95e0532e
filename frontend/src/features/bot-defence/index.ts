export { useFormGuard, limitedMessageWithPhone, type FormGuard, type GuardOutcome } from './form-guard';
export { HoneypotField } from './honeypot-field';
export { ChallengePrompt } from './challenge-prompt';
