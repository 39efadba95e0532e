/**
 * Keeps the document's <head> in sync with the current route after client-side navigation (a
 * prerendered page's HTML already has its own, `<html data-prerendered>`; the client-only shell
 * gets its page's at once): `document.title`, the meta description and robots tag, the canonical
 * link and the Open Graph / Twitter title, description and URL, from page-meta.ts and apply-meta.ts,
 * which load with the first navigation. It also rewrites the JSON-LD LocalBusiness when the company facts of
 * the public config differ from the built-in ones the prerenderer wrote.
 */
import { DEFAULT_COMPANY_FACTS } from '@ironclad/contracts';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePublicConfig } from '../features/site-config/public-config';
import { LOCAL_BUSINESS_SCRIPT_ID } from '../routes/route-meta';

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
    Promise.all([import('../routes/page-meta'), import('./apply-meta')]).then(
      ([{ pageMetaOf }, { applyMeta }]) => {
        if (current) applyMeta(pageMetaOf(pathname), pathname);
      },
      (err: unknown) => console.error('Could not load the page titles', err),
    );
    return () => {
      current = false;
    };
  }, [pathname]);
  /**
   * The facts the page's LocalBusiness JSON-LD states: a served page's were written by the api
   * from the config the page embeds (backend platform/web/serve-frontend.ts), so the first render
   * has nothing to change; otherwise the build's built-in facts.
   */
  const writtenFacts = useRef<string | null>(null);
  useEffect(() => {
    const script = document.getElementById(LOCAL_BUSINESS_SCRIPT_ID);
    const facts = JSON.stringify(company);
    writtenFacts.current ??= document.documentElement.hasAttribute('data-prerendered') ? facts : JSON.stringify(DEFAULT_COMPANY_FACTS);
    if (!script || facts === writtenFacts.current) return;
    writtenFacts.current = facts;
    void import('./structured-data').then(({ jsonLdText, localBusinessJsonLd }) => {
      script.textContent = jsonLdText(localBusinessJsonLd(company));
    });
  }, [company]);
  return null;
}
