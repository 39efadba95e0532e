/**
 * A Chakra `Link` that navigates client-side through React Router.
 */
import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { Link as RouterLinkBase, type LinkProps as RouterLinkBaseProps } from 'react-router';

export type RouterLinkProps = Omit<ChakraLinkProps, 'href' | 'asChild'> &
  Pick<RouterLinkBaseProps, 'to' | 'replace' | 'state' | 'preventScrollReset'>;

/** `<RouterLink to="/calculator">Cost Calculator</RouterLink>` */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, state, preventScrollReset, children, ...rest },
  ref,
) {
  return (
    <ChakraLink asChild {...rest}>
      <RouterLinkBase ref={ref} to={to} replace={replace} state={state} preventScrollReset={preventScrollReset}>
        {children}
      </RouterLinkBase>
    </ChakraLink>
  );
});
