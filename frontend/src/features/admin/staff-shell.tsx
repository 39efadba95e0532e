/**
 * The staff app shell (issue 22 point 4): one layout for every staff page (/admin,
 * /communications, /generate-images, /test-communication) without the marketing header and
 * footer. From 768 px (Chakra's `md`) a side navigation stays beside the page; below it a top bar
 * opens the same navigation in a drawer. The navigation names the staff pages and the job
 * dashboard (a document of its own served by the api, so a plain link), the signed-in user and a
 * Sign out button. The page itself sits in the document's one <main> (the skip link's target).
 *
 * Without a signed-in admin (login form, "not an admin"), only the <main> and a link home show.
 */
import { Box, Button, CloseButton, Drawer, Flex, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { JOB_DASHBOARD_PATH } from '@ironclad/contracts';
import { LucideMenu, LucideShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../app/main-content';
import { RouterLink } from '../../components/ui/router-link';
import { useLogout } from './api/auth';

/** The staff pages of the navigation, in order; `external` ones are full page loads. */
export const STAFF_NAV_ITEMS: readonly { label: string; href: string; external?: boolean }[] = [
  { label: 'Admin Dashboard', href: '/admin' },
  { label: 'Communications', href: '/communications' },
  { label: 'Image Generator', href: '/generate-images' },
  { label: 'Test Communication', href: '/test-communication' },
  { label: 'Job queues', href: JOB_DASHBOARD_PATH, external: true },
];

/** The shell's user: the signed-in admin, or null while nobody (or a non-admin) is signed in. */
export interface StaffShellUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** The navigation list, the user and Sign out; `onNavigate` closes the drawer after a choice. */
function StaffNavigation({ user, onNavigate }: { user: StaffShellUser; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const logout = useLogout();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <Flex direction="column" h="full" gap="6">
      <Box as="ul" listStyleType="none" m="0" p="0">
        {STAFF_NAV_ITEMS.map((item) => {
          const current = !item.external && pathname === item.href;
          const common = {
            display: 'block',
            px: '3',
            py: '2',
            rounded: 'md',
            fontWeight: current ? 'semibold' : 'medium',
            bg: current ? 'brand.subtle' : undefined,
            color: current ? 'brand.fg' : 'fg',
            _hover: { bg: 'bg.muted', textDecoration: 'none' },
          } as const;
          return (
            <Box as="li" key={item.href}>
              {item.external ? (
                <Link href={item.href} {...common}>
                  {item.label}
                </Link>
              ) : (
                <RouterLink to={item.href} aria-current={current ? 'page' : undefined} onClick={onNavigate} {...common}>
                  {item.label}
                </RouterLink>
              )}
            </Box>
          );
        })}
      </Box>
      <Stack gap="2" mt="auto" borderTopWidth="1px" pt="4" data-testid="staff-user">
        <Text fontSize="xs" color="fg.muted">
          Signed in as
        </Text>
        {name && <Text fontWeight="semibold">{name}</Text>}
        <Text fontSize="sm" wordBreak="break-all">
          {user.email}
        </Text>
        <Button size="sm" variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
          Sign out
        </Button>
      </Stack>
    </Flex>
  );
}

/** The product mark at the top of the navigation (links to the public home page). */
function ShellBrand() {
  return (
    <RouterLink to="/" color="brand.800" fontWeight="extrabold" _hover={{ textDecoration: 'none' }} rounded="md">
      <HStack gap="2">
        <LucideShieldCheck aria-hidden="true" size="22" />
        <Text as="span">Ironclad Staff</Text>
      </HStack>
    </RouterLink>
  );
}

/** The staff layout around `children`; `user` null shows the page alone (sign-in). */
export function StaffShell({ user, children }: { user: StaffShellUser | null; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const main = (
    <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" minW="0" _focus={{ outline: 'none' }}>
      {children}
    </Box>
  );
  if (!user) {
    return (
      <Box minH="100dvh" bg="bg.subtle">
        <Box as="header" px="6" py="4" borderBottomWidth="1px" bg="bg.panel">
          <ShellBrand />
        </Box>
        {main}
      </Box>
    );
  }
  return (
    <Flex minH="100dvh" direction={{ base: 'column', md: 'row' }}>
      <Box
        as="nav"
        aria-label="Staff"
        display={{ base: 'none', md: 'flex' }}
        flexDirection="column"
        gap="6"
        w="60"
        flexShrink={0}
        p="4"
        borderRightWidth="1px"
        bg="bg.subtle"
        position="sticky"
        top="0"
        h="100dvh"
        overflowY="auto"
      >
        <ShellBrand />
        <StaffNavigation user={user} />
      </Box>
      <Flex
        as="header"
        display={{ base: 'flex', md: 'none' }}
        align="center"
        justify="space-between"
        px="4"
        py="2"
        borderBottomWidth="1px"
        bg="bg.panel"
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <ShellBrand />
        <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" lazyMount unmountOnExit>
          <Drawer.Trigger asChild>
            <Button variant="outline" size="sm" aria-label="Open staff menu">
              <LucideMenu aria-hidden="true" />
              Menu
            </Button>
          </Drawer.Trigger>
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>Staff menu</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body>
                  <Box as="nav" aria-label="Staff" h="full">
                    <StaffNavigation user={user} onNavigate={() => setOpen(false)} />
                  </Box>
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label="Close staff menu" />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      </Flex>
      {main}
    </Flex>
  );
}
