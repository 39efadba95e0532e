/**
 * Testimonials carousel (public-site.md §2, §4, §9): 3 testimonials, index 0..2, wraps,
 * advances automatically every 5000 ms, settable by clicking a dot.
 *
 * The testimonials are the API's featured ones (GET /api/testimonials), with the seed's three
 * as placeholder (prerendered HTML). Auto-advance pauses while the pointer is over the carousel
 * or focus is inside it, and is off with `prefers-reduced-motion: reduce` (WCAG 2.2.2); the
 * previous/next buttons and the dots always work.
 */
import { Box, Container, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LucideChevronLeft, LucideChevronRight, LucideStar } from 'lucide-react';
import { ScrollFade } from '../../components/site/scroll-fade';
import { localImageSrc } from '../../lib/images';
import { testimonialsQueryOptions } from '../testimonials/api/testimonials-query';
import { FALLBACK_TESTIMONIALS, type TestimonialCard } from './home-content';
import { SectionHeading } from './section-heading';
import { instantControl, instantMember, instantState } from '../../components/site/instant-controls';

/** Auto-advance interval (spec §9). */
export const CAROUSEL_INTERVAL_MS = 5000;
/** Number of testimonials in the carousel (spec §9). */
export const CAROUSEL_SIZE = 3;

/** The carousel's testimonials: the API's featured ones when loaded, the built-in three otherwise. */
function useCarouselTestimonials(): TestimonialCard[] {
  const { data } = useQuery(testimonialsQueryOptions);
  return useMemo(() => {
    const rows = data?.testimonials.filter((t) => t.featured).slice(0, CAROUSEL_SIZE) ?? [];
    if (rows.length < CAROUSEL_SIZE) return FALLBACK_TESTIMONIALS;
    return rows.map((t) => ({
      name: t.name,
      role: [t.role, t.company].filter(Boolean).join(', '),
      image: t.imageUrl ? localImageSrc(t.imageUrl) : '/images/testimonials/sarah-johnson.svg',
      quote: t.content,
    }));
  }, [data]);
}

/** The carousel's group of instant controls (instant-controls.ts). */
const SLIDE_GROUP = 'testimonial';

/** True when the user asked for reduced motion (evaluated after mount). */
function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!mq) return;
    setReduced(mq.matches);
    const onChange = () => setReduced(mq.matches);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/** The testimonials section. */
export function TestimonialsSection() {
  const testimonials = useCarouselTestimonials();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const count = testimonials.length;
  const paused = hovered || focused || reducedMotion;

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count, index]);

  const go = (i: number) => setIndex(((i % count) + count) % count);
  const slideValues = testimonials.map((_, i) => String(i));

  return (
    <ScrollFade as="section" aria-labelledby="testimonials-heading" py={{ base: '16', md: '24' }} bg="brand.900" color="white">
      <Container maxW="4xl">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What Our Customers Say" inverted />
        <Box
          role="region"
          aria-roledescription="carousel"
          aria-label="Customer testimonials"
          data-testid="testimonial-carousel"
          data-paused={paused ? 'true' : 'false'}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
        >
          {/* Every slide is in the page, the others hidden, so the controls can show one before
              the section has hydrated (instant-controls.ts). */}
          <Box aria-live={paused ? 'polite' : 'off'} {...instantState(SLIDE_GROUP, String(index), slideValues)}>
            {testimonials.map((item, i) => (
              <Stack
                key={item.name}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                gap="6"
                align="center"
                textAlign="center"
                minH={{ base: '22rem', md: '17rem' }}
                hidden={i !== index}
                {...instantMember(SLIDE_GROUP, String(i), 'shown')}
                data-testid="testimonial-slide"
              >
                <HStack gap="1" color="accent.400" aria-label="Rated 5 out of 5" role="img">
                  {[0, 1, 2, 3, 4].map((s) => (
                    <LucideStar key={s} fill="currentColor" aria-hidden="true" />
                  ))}
                </HStack>
                <Text as="blockquote" fontSize={{ base: 'lg', md: '2xl' }} lineHeight="tall">
                  “{item.quote}”
                </Text>
                <HStack gap="4">
                  <Box
                    as="img"
                    {...{ src: item.image, alt: '', htmlWidth: 56, htmlHeight: 56, loading: 'lazy' }}
                    rounded="full"
                    boxSize="14"
                  />
                  <Stack gap="0" textAlign="left">
                    <Text fontWeight="bold">{item.name}</Text>
                    <Text color="whiteAlpha.800" fontSize="sm">
                      {item.role}
                    </Text>
                  </Stack>
                </HStack>
              </Stack>
            ))}
          </Box>
          <HStack justify="center" gap="4" mt="8">
            <IconButton
              aria-label="Previous testimonial"
              variant="ghost"
              color="white"
              _hover={{ bg: 'whiteAlpha.200' }}
              {...instantControl(SLIDE_GROUP, '-1')}
              onClick={() => go(index - 1)}
            >
              <LucideChevronLeft />
            </IconButton>
            <HStack gap="1">
              {testimonials.map((item, i) => (
                <Box
                  as="button"
                  key={item.name}
                  {...{ type: 'button' }}
                  aria-label={`Show testimonial ${i + 1}: ${item.name}`}
                  aria-current={i === index ? 'true' : undefined}
                  {...instantControl(SLIDE_GROUP, String(i))}
                  {...instantMember(SLIDE_GROUP, String(i), 'current')}
                  onClick={() => go(i)}
                  p="2"
                  cursor="pointer"
                  rounded="full"
                >
                  {/* Its look follows aria-current, so an instant control's change shows. */}
                  <Box boxSize="3" rounded="full" bg="whiteAlpha.600" css={{ '[aria-current=true] > &': { bg: 'accent.400' } }} />
                </Box>
              ))}
            </HStack>
            <IconButton
              aria-label="Next testimonial"
              variant="ghost"
              color="white"
              _hover={{ bg: 'whiteAlpha.200' }}
              {...instantControl(SLIDE_GROUP, '+1')}
              onClick={() => go(index + 1)}
            >
              <LucideChevronRight />
            </IconButton>
          </HStack>
        </Box>
      </Container>
    </ScrollFade>
  );
}
