import type { FieldErrors } from '@ironclad/contracts';

/** The NUL character, which PostgreSQL text and jsonb cannot store. */
const NUL = '\u0000';
const MESSAGE = 'Must not contain the NUL character (U+0000).';

/**
 * The field errors of every string (or object key) in `value` that contains U+0000, keyed by
 * dot-joined path (`_` for a bare string); null when there is none. PostgreSQL refuses such text
 * in `text` and `jsonb` columns and in query parameters, so the input is refused at the boundary
 * (400) instead of failing in the database (500). Nesting deeper than 64 levels is not walked
 * (request bodies are size-limited; the schemas reject such shapes anyway).
 */
export function nulFieldErrors(value: unknown): FieldErrors | null {
  const out: FieldErrors = {};
  const walk = (v: unknown, path: (string | number)[], depth: number): void => {
    if (typeof v === 'string') {
      if (v.includes(NUL)) out[path.length ? path.join('.') : '_'] = [MESSAGE];
      return;
    }
    if (depth >= 64 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i], depth + 1));
    else {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes(NUL)) out[[...path, key].join('.')] = [MESSAGE];
        else walk(item, [...path, key], depth + 1);
      }
    }
  };
  walk(value, [], 0);
  return Object.keys(out).length ? out : null;
}
