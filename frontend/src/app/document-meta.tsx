/**
 * Keeps the document's <head> in sync with the current route after client-side navigation (a
 * prerendered page's HTML already has its own, `<html data-prerendered>`; the client-only shell
 * gets its page's at once): `document.title`, the meta description and robots tag, the canonical
 * link and the Open Graph / Twitter title, description and URL, from page-meta.ts, which loads
 * with the first navigation. It also rewrites the JSON-LD LocalBusiness when the company facts of
 * the public config differ from the built-in ones the prerenderer wrote.
 */
import { DEFAULT_COMPANY_FACTS } from '@ironclad/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../features/site-config/public-config';
import { LOCAL_BUSINESS_SCRIPT_ID, canonicalUrl, type RouteMeta } from '../routes/route-meta';
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

/** Applies a page's meta to the document's <head>. */
function applyMeta(meta: RouteMeta, pathname: string): void {
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

/** Renders nothing; applies the current page's meta to the document (see above). */
export function DocumentMeta() {
  const { pathname } = useLocation();
  const { company } = usePublicConfig();
  const firstPage = useRef(true);
  useEffect(() => {
    const isFirstPage = firstPage.current;
    firstPage.current = false;
    if (isFirstPage && document.documentElement.hasAttribute('data-prerendered')) return;
    let current = true;
    import('../routes/page-meta').then(
      ({ pageMetaOf }) => {
        if (current) applyMeta(pageMetaOf(pathname), pathname);
      },
      (err: unknown) => console.error('Could not load the page titles', err),
    );
    return () => {
      current = false;
    };
  }, [pathname]);
  useEffect(() => {
    const script = document.getElementById(LOCAL_BUSINESS_SCRIPT_ID);
    if (!script || JSON.stringify(company) === JSON.stringify(DEFAULT_COMPANY_FACTS)) return;
    void import('./structured-data').then(({ jsonLdText, localBusinessJsonLd }) => {
      script.textContent = jsonLdText(localBusinessJsonLd(company));
    });
  }, [company]);
  return null;
}
