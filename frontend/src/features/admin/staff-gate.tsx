/**
 * Guards a staff page (decisions.md §1): shows the Admin Login form until an admin session
 * exists (GET /api/auth/me), "Admin access required" for a signed-in non-admin, else the page.
 * The server enforces the same rule on every staff API call; this only decides what to show.
 * While an admin is signed in, the page receives live `lead:changed` updates (StaffLiveUpdates).
 */
import { Box, Button, Container, Field, Heading, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { AUTH_TEXTS } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { meQuery, useLogin, useLogout } from './staff-api';
import { StaffUiProvider } from './staff-ui-provider';
import { StaffLiveUpdates } from './use-lead-live-updates';

export function StaffGate({ children }: { children: ReactNode }) {
  const me = useQuery(meQuery);
  return (
    <StaffUiProvider>
      {me.isPending ? (
        <Box py="24" textAlign="center" role="status" aria-label="Loading">
          <Spinner />
        </Box>
      ) : me.isError ? (
        <Container maxW="md" py="16"><Text role="alert">Could not check your session. Please reload the page.</Text></Container>
      ) : !me.data.user ? (
        <LoginForm />
      ) : !me.data.user.isAdmin ? (
        <NotAdmin email={me.data.user.email} />
      ) : (
        <>
          <StaffLiveUpdates />
          {children}
        </>
      )}
    </StaffUiProvider>
  );
}

function NotAdmin({ email }: { email: string }) {
  const logout = useLogout();
  return (
    <Container maxW="md" py="16">
      <Heading as="h1" size="xl" mb="4">{AUTH_TEXTS.title}</Heading>
      <Text mb="4" role="alert">Admin access required: {email} is not an admin.</Text>
      <Button onClick={() => logout.mutate()} loading={logout.isPending}>Sign out</Button>
    </Container>
  );
}

/** The Admin Login screen (staff-side.md §2): the button is disabled while the password is empty. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin(() => setPassword(''));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !email) return;
    login.mutate({ email, password });
  };
  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <form onSubmit={submit} noValidate>
      <Box borderWidth="1px" rounded="lg" p={{ base: '5', md: '8' }} bg="bg.panel">
        <Heading as="h1" size="2xl" mb="6" textAlign="center">{AUTH_TEXTS.title}</Heading>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>Email</Field.Label>
            <Input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>Password</Field.Label>
            <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field.Root>
          <Button type="submit" colorPalette="brand" disabled={!password || !email} loading={login.isPending}>Sign In</Button>
        </Stack>
      </Box>
      </form>
    </Container>
  );
}
