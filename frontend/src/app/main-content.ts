/** Id of the document's <main>, the skip link's target (public layout and staff shell alike). */
export const MAIN_CONTENT_ID = 'main-content';
