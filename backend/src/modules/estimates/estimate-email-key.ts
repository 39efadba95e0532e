/** Idempotency keys of the emails that carry a stored PDF estimate. */

/** Idempotency key of the email carrying one stored document of one lead. */
export const estimateEmailKey = (leadId: number, documentId: number) => `estimate-pdf:lead:${leadId}:document:${documentId}`;

/** The lead and document of a PDF estimate email's key, or null for any other message. */
export function estimateEmailOf(idempotencyKey: string): { leadId: number; documentId: number } | null {
  const m = /^estimate-pdf:lead:(\d+):document:(\d+)$/.exec(idempotencyKey);
  return m ? { leadId: Number(m[1]), documentId: Number(m[2]) } : null;
}
