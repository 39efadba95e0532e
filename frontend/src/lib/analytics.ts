/**
 * Analytics and advertising events (public-site.md §7: the free-guide form "only fires
 * advertising and analytics lead events"; the call-to-action buttons fire the conversion events
 * `emergency_call`, `schedule_quote`, `ai_quote`).
 *
 * Events are pushed to `window.dataLayer` (the Google Tag Manager convention), which a tag
 * manager configured by the site owner forwards to its analytics/ads tools. No server call is
 * made from here.
 */

/** Events the site fires. `generate_lead` is GA4's recommended name for a lead capture. */
export type AnalyticsEvent = 'generate_lead' | 'emergency_call' | 'schedule_quote' | 'ai_quote';

/** One entry of `window.dataLayer`. */
export interface DataLayerEntry {
  event: AnalyticsEvent;
  [param: string]: unknown;
}

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/**
 * Records an event: pushes `{ event, ...params }` to `window.dataLayer` (created when absent).
 * Does nothing during prerendering (no `window`).
 */
export function track(event: AnalyticsEvent, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...params });
}
