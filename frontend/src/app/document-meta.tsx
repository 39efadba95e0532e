/**
 * Keeps the document's <head> in sync with the current route after client-side navigation (the
 * prerendered HTML already has it all): `document.title`, the meta description and robots tag,
 * the canonical link and the Open Graph / Twitter title, description and URL. It also rewrites
 * the JSON-LD LocalBusiness with the company facts of GET /api/public-config once they arrive.
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { usePublicConfig } from '../features/site-config/public-config';
import { APP_SHELL_META, canonicalUrl, metaOfHandle } from '../routes/route-meta';
import { LOCAL_BUSINESS_SCRIPT_ID, jsonLdText, localBusinessJsonLd } from './structured-data';

/** Sets (or creates) `<meta {attr}={key} content={content}>`; removes it when content is null. */
function setMetaTag(key: string, content: string | null, attr: 'name' | 'property' = 'name'): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the canonical link; removes it when `href` is null. */
function setCanonical(href: string | null): void {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === null) {
    el?.remove();
    return;
  }
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/** Renders nothing; applies the deepest matched route's meta to the document. */
export function DocumentMeta() {
  const matches = useMatches();
  const { pathname } = useLocation();
  const { company } = usePublicConfig();
  const meta = [...matches].reverse().map((m) => metaOfHandle(m.handle)).find(Boolean) ?? APP_SHELL_META;
  useEffect(() => {
    const url = meta.noindex ? null : canonicalUrl(pathname);
    document.title = meta.title;
    setMetaTag('description', meta.description);
    setMetaTag('robots', meta.noindex ? 'noindex' : null);
    setCanonical(url);
    setMetaTag('og:title', url ? meta.title : null, 'property');
    setMetaTag('og:description', url ? meta.description : null, 'property');
    setMetaTag('og:url', url, 'property');
    setMetaTag('twitter:title', url ? meta.title : null);
    setMetaTag('twitter:description', url ? meta.description : null);
  }, [meta, pathname]);
  useEffect(() => {
    const script = document.getElementById(LOCAL_BUSINESS_SCRIPT_ID);
    if (script) script.textContent = jsonLdText(localBusinessJsonLd(company));
  }, [company]);
  return null;
}
