/** Building blocks of plain-text notification emails (values shown as typed, never as markup). */

/** A rendered email before it is recorded: template name, subject and text body. */
export interface RenderedEmail {
  template: string;
  subject: string;
  text: string;
}

/** `Label: value` (arrays joined with ", "), or null for an empty value. */
export const labelledLine = (label: string, value: unknown): string | null =>
  value === null || value === undefined || value === '' ? null : `${label}: ${Array.isArray(value) ? value.join(', ') : String(value)}`;

/** The non-null lines joined with newlines. */
export const compactLines = (lines: (string | null)[]): string => lines.filter((l): l is string => l !== null).join('\n');
