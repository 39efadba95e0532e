/**
 * The wrapper of the pages marked `payment` (public-routes.ts): Stripe.js may only run in a
 * document the api served with the payment Content-Security-Policy (app/csp-document.ts). Opened
 * directly, the page was served with it and renders at once. Reached by a client-side navigation
 * from a page served with the standard policy, it renders nothing and reloads its URL once, before
 * the visitor has entered anything, so the api serves it with the payment policy.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { claimPaymentReload, documentCspProfile, paymentDocumentReached } from '../app/csp-document';

export function PaymentDocument({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [reloading, setReloading] = useState(() => documentCspProfile() === 'standard');
  useLayoutEffect(() => {
    if (!reloading) {
      if (documentCspProfile() === 'payment') paymentDocumentReached();
      return;
    }
    if (claimPaymentReload(pathname)) window.location.reload();
    else setReloading(false);
  }, [reloading, pathname]);
  return reloading ? null : children;
}
