/**
 * Which Content-Security-Policy the api served this document with (README "Security headers and
 * CSP"): it writes `<meta name="ironclad-csp" content="standard|payment">` into every page. Stripe's
 * hosts are allowed only by the `payment` policy, and a client-side navigation keeps the policy of
 * the document it started from, so a payment page reached from a `standard` document loads itself
 * again as a document (routes/payment-document.tsx).
 */
import { CSP_PROFILE_META, type CspProfile } from '@ironclad/contracts';

/** The policy named by the document's meta; null outside a browser or without the meta (the Vite dev server). */
export function documentCspProfile(): CspProfile | null {
  if (typeof document === 'undefined') return null;
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${CSP_PROFILE_META}"]`)?.content;
  return content === 'payment' || content === 'standard' ? content : null;
}

/** sessionStorage key of the last payment path reloaded for its policy. */
const RELOAD_KEY = 'ironclad:csp-reload';

/**
 * Claims the reload of `pathname` as a document: true the first time in this tab, false when it
 * was already reloaded once and still came with the standard policy (a misconfigured server: the
 * page then shows without online payment rather than reloading forever) or storage is unavailable.
 * A document served with the payment policy clears the claim ({@link paymentDocumentReached}).
 */
export function claimPaymentReload(pathname: string): boolean {
  try {
    if (sessionStorage.getItem(RELOAD_KEY) === pathname) return false;
    sessionStorage.setItem(RELOAD_KEY, pathname);
    return true;
  } catch {
    return false;
  }
}

/** Forgets the reload claim once a payment page runs under the payment policy. */
export function paymentDocumentReached(): void {
  try {
    sessionStorage.removeItem(RELOAD_KEY);
  } catch {
    // storage unavailable: nothing was claimed
  }
}
