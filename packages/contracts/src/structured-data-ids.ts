/**
 * Ids of the JSON-LD script elements, apart from the builders in structured-data.ts so that the
 * browser's first screen (app/document-meta.tsx) can find the element without loading them.
 */

/** Id of the page's JSON-LD `LocalBusiness` script element. */
export const LOCAL_BUSINESS_SCRIPT_ID = 'ld-local-business';
