/**
 * A test double of Stripe.js, served in place of https://js.stripe.com/* (tests only; the product
 * always loads the real Stripe.js). It implements what @stripe/react-stripe-js and the pages use:
 * `Stripe(pk)` → `elements({clientSecret})` → `create('payment')` (a plain card-number input) and
 * `confirmPayment({elements, confirmParams: {return_url}, redirect})`, which, like Stripe.js,
 * confirms the PaymentIntent against the Stripe API — here the e2e server's fake Stripe API —
 * which then sends the signed webhook to our server. Card 4000 0000 0000 0002 is declined.
 */
import type { Page } from '@playwright/test';

const script = (apiBase: string) => `(() => {
  const API = ${JSON.stringify(apiBase)};
  function Stripe(pk) {
    let input = null;
    const element = (type) => {
      let node = null;
      const handlers = {};
      const api = {
        mount(target) {
          node = typeof target === 'string' ? document.querySelector(target) : target;
          node.innerHTML = '<label style="display:block;font:14px sans-serif">Card number <input data-testid="stripe-card-number" autocomplete="off" style="display:block;width:100%;padding:6px;border:1px solid #999" /></label>';
          input = node.querySelector('input');
          setTimeout(() => (handlers.ready || []).forEach((h) => h({ elementType: type })), 0);
        },
        on(ev, h) { (handlers[ev] = handlers[ev] || []).push(h); return api; },
        off(ev, h) { handlers[ev] = (handlers[ev] || []).filter((x) => x !== h); return api; },
        update() {}, destroy() { if (node) node.innerHTML = ''; }, unmount() {}, focus() { input && input.focus(); }, blur() {}, clear() {}, collapse() {},
      };
      return api;
    };
    return {
      elements(opts) {
        return { _clientSecret: opts && opts.clientSecret, create: element, getElement: () => null, update() {}, submit: async () => ({}), fetchUpdates: async () => ({}) };
      },
      createToken() {}, createPaymentMethod() {}, confirmCardPayment() {}, _registerWrapper() {}, registerAppInfo() {},
      async confirmPayment({ elements, confirmParams, redirect }) {
        const id = elements._clientSecret.split('_secret_')[0];
        const number = ((input && input.value) || '').replace(/\\s/g, '');
        const pm = number === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa';
        window.__stripeConfirmations = (window.__stripeConfirmations || []).concat([{ id, returnUrl: confirmParams.return_url, redirect }]);
        const res = await fetch(API + '/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + pk, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'payment_method=' + pm + '&return_url=' + encodeURIComponent(confirmParams.return_url),
        });
        const pi = await res.json();
        if (pi.error) return { error: pi.error };
        if (pi.last_payment_error) return { error: pi.last_payment_error, paymentIntent: pi };
        return { paymentIntent: pi };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Serves the double for every request to js.stripe.com. */
export async function installStripeJsDouble(page: Page, fakeStripeApi: string): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: script(fakeStripeApi) }),
  );
}
