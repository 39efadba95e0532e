/**
 * The company logo (links to /).
 */
import { HStack, Text } from '@chakra-ui/react';
import { LucideShieldCheck } from 'lucide-react';
import { RouterLink } from '../ui/router-link';

/** Logo with the company name; `name` comes from the public config. */
export function SiteLogo({ name }: { name: string }) {
  return (
    <RouterLink to="/" aria-label={`${name} home`} _hover={{ textDecoration: 'none' }} color="brand.800" rounded="md">
      <HStack gap="2">
        <LucideShieldCheck aria-hidden="true" size="26" />
        <Text
          as="span"
          fontWeight="extrabold"
          letterSpacing="tight"
          // Between xl and 2xl the desktop navigation is tight: the name wraps onto two lines.
          fontSize={{ base: 'lg', xl: 'sm', '2xl': 'lg' }}
          lineHeight={{ base: 'normal', xl: '1.15', '2xl': 'normal' }}
          maxW={{ base: 'none', xl: '36', '2xl': 'none' }}
          whiteSpace={{ base: 'nowrap', xl: 'normal', '2xl': 'nowrap' }}
        >
          {name}
        </Text>
      </HStack>
    </RouterLink>
  );
}
