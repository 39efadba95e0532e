/**
 * Writes a page's meta into the document's <head> after a client-side navigation (app/document-meta.tsx):
 * title, description, robots, canonical link, Open Graph / Twitter tags and image, and the page's
 * JSON-LD. Loaded with the first navigation, not with the first screen (a prerendered page's
 * HTML already has all of it).
 */
import { canonicalUrl, type RouteMeta } from '../routes/route-meta';
import { PAGE_JSON_LD_SCRIPT_ID, ogImageUrl, pageJsonLd, pageNameOf } from './page-structured-data';

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

/** Applies a page's meta (`meta`, of the route at `pathname`) to the document's <head>. */
export function applyMeta(meta: RouteMeta, pathname: string): void {
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
  setMetaTag('og:image', url ? ogImageUrl(pathname) : null, 'property');
  setMetaTag('og:image:alt', url ? pageNameOf(meta) : null, 'property');
  setMetaTag('twitter:image', url ? ogImageUrl(pathname) : null);
  const ld = url ? pageJsonLd(pathname, meta) : null;
  let script = document.getElementById(PAGE_JSON_LD_SCRIPT_ID);
  if (!ld) script?.remove();
  else {
    if (!script) {
      script = document.createElement('script');
      script.setAttribute('type', 'application/ld+json');
      script.id = PAGE_JSON_LD_SCRIPT_ID;
      document.head.appendChild(script);
    }
    script.textContent = JSON.stringify(ld);
  }
}
