/** Query keys of the consent calls (features/consent). */
export const consentKeys = {
  /** GET /api/unsubscribe/{token}: what the token unsubscribes. */
  unsubscribe: (token: string) => ['unsubscribe', token] as const,
};
