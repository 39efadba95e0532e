/** Query keys of the payment calls (features/payments). */
export const paymentKeys = {
  /** GET /api/payments/{paymentIntentId}: what our server knows of one PaymentIntent. */
  status: (paymentIntentId: string | null | undefined) => ['payments', paymentIntentId] as const,
};
