/**
 * What the build, the api and the browser agree on for the Content-Security-Policy (README
 * "Security headers and CSP"). No imports: frontend/vite.config.ts reads it too.
 */

/**
 * The nonce the build stamps on every `<script>`, `<link rel="modulepreload|stylesheet">` and
 * `<meta property="csp-nonce">` (Vite `html.cspNonce`); the api replaces it with a fresh nonce per
 * response (backend/src/platform/web/serve-frontend.ts), the one its CSP header names.
 */
export const CSP_NONCE_PLACEHOLDER = 'IRONCLAD_CSP_NONCE';

/**
 * `<meta name="ironclad-csp" content="payment|standard">`: which policy the api served this
 * document with. A payment page reached by client-side navigation from a `standard` document
 * loads itself again as a document, so that Stripe.js runs under the payment policy.
 */
export const CSP_PROFILE_META = 'ironclad-csp';

/**
 * The policies: `payment` adds Stripe's hosts (pages that load Stripe.js), `job-dashboard` is the
 * job dashboard's own (/admin/queues: a published UI whose page carries no nonce), `standard` is
 * every other page.
 */
export type CspProfile = 'standard' | 'payment' | 'job-dashboard';
