/**
 * The line under a form that says how its data is used and links the legal pages (/privacy, and
 * /terms where money or quotes are involved).
 */
import { Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** "By sending … see our Privacy Policy [and Terms of Service]." */
export function FormPrivacyNote({ children, withTerms = false }: { children?: ReactNode; withTerms?: boolean }) {
  return (
    <Text fontSize="sm" color="fg.muted">
      {children ?? 'We use your details only to answer your request.'} See our{' '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/privacy">Privacy Policy</RouterLink>
      </Link>
      {withTerms ? (
        <>
          {' '}
          and{' '}
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to="/terms">Terms of Service</RouterLink>
          </Link>
        </>
      ) : null}
      .
    </Text>
  );
}
