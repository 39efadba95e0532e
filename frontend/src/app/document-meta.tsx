/**
 * Keeps `document.title`, the meta description and the robots meta in sync with the current
 * route's `handle.meta` after client-side navigation (the prerendered HTML already has them).
 */
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { APP_SHELL_META, metaOfHandle } from '../routes/route-meta';

/** Sets (or creates) `<meta name={name} content={content}>`; removes it when content is null. */
function setMetaTag(name: string, content: string | null): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Renders nothing; applies the deepest matched route's meta to the document. */
export function DocumentMeta() {
  const matches = useMatches();
  const meta = [...matches].reverse().map((m) => metaOfHandle(m.handle)).find(Boolean) ?? APP_SHELL_META;
  useEffect(() => {
    document.title = meta.title;
    setMetaTag('description', meta.description);
    setMetaTag('robots', meta.noindex ? 'noindex' : null);
  }, [meta]);
  return null;
}
