/**
 * Promotional banner (public-site.md §2; decisions.md §7): shown only while GET
 * /api/public-config returns a valid promotion (the seeded JULY4 has expired, so nothing shows
 * until staff extend it). The prerendered HTML never contains promo wording: the placeholder
 * config has no promotion.
 */
import { Box, Container, HStack, Text } from '@chakra-ui/react';
import { isPromotionActive } from '@ironclad/contracts';
import { LucideTag } from 'lucide-react';
import { usePublicConfig } from '../site-config/public-config';

/** Formats YYYY-MM-DD as e.g. "July 31, 2025". */
function formatDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** The banner, or nothing when no promotion is valid today. */
export function PromoBanner() {
  const { promotion } = usePublicConfig();
  if (!promotion || !isPromotionActive(promotion)) return null;
  return (
    <Box as="aside" aria-label="Current promotion" bg="accent.400" color="brand.950" py="4" data-testid="promo-banner">
      <Container maxW="7xl">
        <HStack justify="center" gap="3" wrap="wrap" textAlign="center">
          <LucideTag aria-hidden="true" />
          <Text fontWeight="semibold">{promotion.bannerText}</Text>
          <Text>
            {promotion.percent}% off with code <strong>{promotion.code}</strong>, valid until {formatDate(promotion.validUntil)}.
          </Text>
        </HStack>
      </Container>
    </Box>
  );
}
