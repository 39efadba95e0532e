/**
 * Renders a service page from its content (public-site.md §2 service pages, §9 prices): the hero
 * hydrates with the page; the sections, the quote form (section `contact`) and the closing call
 * to action below it are prerendered too but load and hydrate as the visitor scrolls towards them
 * (service-page-body.tsx, a deferred section). Every call-to-action button scrolls smoothly to
 * `contact`.
 */
import { Button } from '@chakra-ui/react';
import { PageHero } from '../../components/site/page-hero';
import { deferredSection } from '../../components/site/deferred-section';
import { ScrollToContactButton } from '../../components/site/scroll-to-contact';
import type { ServicePageBody, ServicePageHero } from './service-page-types';

/**
 * The deferred body of a service page, from a loader of its content (`() => import('./content/x')
 * .then((m) => m.X_BODY)`): the content and the components load together, when the body hydrates.
 * Call it at a page module's top level (the prerenderer loads every deferred section first).
 */
export function serviceBody(loadContent: () => Promise<ServicePageBody>) {
  return deferredSection('service-page-body', async () => {
    const [{ ServicePageBody: Body }, content] = await Promise.all([import('./service-page-body'), loadContent()]);
    return function ServicePageBodySection() {
      return <Body content={content} />;
    };
  });
}

/** A whole service page: its hero, then its deferred body (from {@link serviceBody}). */
export function ServicePage({ hero: content, Body }: { hero: ServicePageHero; Body: ReturnType<typeof serviceBody> }) {
  return (
    <>
      <PageHero
        imageKey={content.imageKey}
        fallbackImage={content.heroImage}
        eyebrow={content.eyebrow}
        title={content.title}
        intro={content.intro}
      >
        <ScrollToContactButton size="xl" colorPalette="accent">
          {content.primaryCta}
        </ScrollToContactButton>
        {content.secondaryCta ? (
          <Button asChild size="xl" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
            <a href={`#${content.secondaryCta.section}`}>{content.secondaryCta.label}</a>
          </Button>
        ) : null}
      </PageHero>
      <Body />
    </>
  );
}
