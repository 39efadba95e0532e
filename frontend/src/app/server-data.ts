/**
 * Query data a page was rendered with on the server (the api renders some pages per request with
 * current data, e.g. /case-studies; see entry-server.tsx `renderCaseStudiesDocument`): TanStack
 * Query's dehydrated state in `<script type="application/json" id="query-state">`. This module
 * only tells whether the page has it (no TanStack Query here); app/query-provider.tsx puts it in
 * the page's query client.
 */

/** Id of the script element with the server's dehydrated query state. */
export const QUERY_STATE_SCRIPT_ID = 'query-state';

/** Whether the server rendered this page with its data (false in the prerendered fallback). */
export function hasServerQueryState(): boolean {
  return typeof document !== 'undefined' && document.getElementById(QUERY_STATE_SCRIPT_ID) !== null;
}
