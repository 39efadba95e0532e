/**
 * Guards a staff page (decisions.md §1): shows the Admin Login form until an admin session
 * exists (GET /api/auth/me), "Admin access required" for a signed-in non-admin, else the page in
 * the staff app shell (staff-shell.tsx: side navigation, the signed-in user, Sign out).
 * The server enforces the same rule on every staff API call; this only decides what to show.
 * While an admin is signed in, the page receives live `lead:changed` updates (StaffLiveUpdates).
 *
 * A session can end while the page is open (idle or absolute expiry, logout in another tab,
 * admin rights removed): the first staff call answered 401 brings back the login form with
 * SESSION_ENDED_TEXT (the cached staff data is dropped, see forgetStaffSession); a 403 re-checks
 * who is signed in. While the api answers 503 SERVICE_UNAVAILABLE (database unreachable) a
 * "Database unavailable" banner shows above the page instead of empty tables.
 */
import { Box, Button, Container, Field, Heading, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { AUTH_TEXTS } from '@ironclad/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { QueryProvider } from '../../app/query-provider';
import { ApiError } from '../../lib/api';
import { forgetStaffSession, meQuery, useLogin, useLogout } from './api/auth';
import { adminKeys } from './api/keys';
import { StaffShell } from './staff-shell';
import { StaffUiProvider } from './staff-ui-provider';
import { StaffLiveUpdates } from './use-lead-live-updates';

/** Shown above the login form when a staff call found the session ended. */
export const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';

/**
 * Watches every query and mutation for an ended session: 401 → signed out (forgetStaffSession,
 * `onEnded` called) when someone was signed in (so the login call's
 * own 401, a wrong password, is not a session ending); 403 → `me` re-fetched.
 */
function useSessionEndWatch(qc: QueryClient, onEnded: () => void): void {
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      if (error.status === 401) {
        const me = qc.getQueryData<{ user: unknown }>(adminKeys.me);
        if (!me?.user) return;
        onEnded();
        forgetStaffSession(qc);
      } else if (error.status === 403) {
        void qc.invalidateQueries({ queryKey: adminKeys.me });
      }
    };
    const offQueries = qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'error') onError(e.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [qc, onEnded]);
}

/** Shown on staff pages while the api answers 503 SERVICE_UNAVAILABLE (PostgreSQL unreachable). */
export const DATABASE_UNAVAILABLE_TEXT =
  'Database unavailable: the CRM cannot load or save data right now. Pages recover on their own when it returns; nothing saved is lost.';

/** Whether `error` is the api's 503 SERVICE_UNAVAILABLE. */
const isServiceUnavailable = (error: unknown) =>
  error instanceof ApiError && error.status === 503 && error.body?.code === 'SERVICE_UNAVAILABLE';

/** How often the shown queries that failed with 503 are asked again while the database is down (ms). */
export const DATABASE_RECHECK_MS = 5000;

/**
 * True while the last answered staff query failed with 503 SERVICE_UNAVAILABLE (the database is
 * unreachable); false again after any query succeeds. Meanwhile the shown queries that failed so
 * are fetched again every {@link DATABASE_RECHECK_MS} (the client itself never retries), so the
 * pages recover on their own when the database returns, as the banner promises.
 */
function useDatabaseUnavailable(qc: QueryClient): boolean {
  const [down, setDown] = useState(false);
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        if (e.type !== 'updated') return;
        if (e.action.type === 'error') setDown(isServiceUnavailable(e.action.error));
        else if (e.action.type === 'success') setDown(false);
      }),
    [qc],
  );
  useEffect(() => {
    if (!down) return;
    const timer = setInterval(() => {
      void qc.refetchQueries({
        type: 'active',
        predicate: (q) => q.state.status === 'error' && isServiceUnavailable(q.state.error),
      });
    }, DATABASE_RECHECK_MS);
    return () => clearInterval(timer);
  }, [qc, down]);
  return down;
}

export function StaffGate({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <StaffGateContent>{children}</StaffGateContent>
    </QueryProvider>
  );
}

/** What the gate shows, inside the query provider. */
function StaffGateContent({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const me = useQuery(meQuery);
  const [ended, setEnded] = useState(false);
  useSessionEndWatch(
    qc,
    useCallback(() => setEnded(true), []),
  );
  useEffect(() => {
    if (me.data?.user) setEnded(false);
  }, [me.data?.user]);
  const admin = me.data?.user?.isAdmin ? me.data.user : null;
  const databaseDown = useDatabaseUnavailable(qc);
  return (
    <StaffUiProvider>
      <StaffShell user={admin}>
        {databaseDown || (me.isError && isServiceUnavailable(me.error)) ? (
          <Box bg="red.600" color="white" px="4" py="2" role="alert" data-testid="database-unavailable">
            <Text fontWeight="semibold">{DATABASE_UNAVAILABLE_TEXT}</Text>
          </Box>
        ) : null}
        {me.isPending ? (
          <Box py="24" textAlign="center" role="status" aria-label="Loading">
            <Spinner />
          </Box>
        ) : me.isError ? (
          <Container maxW="md" py="16">
            <Text role="alert">Could not check your session. Please reload the page.</Text>
          </Container>
        ) : !me.data.user ? (
          <LoginForm notice={ended ? SESSION_ENDED_TEXT : undefined} />
        ) : !me.data.user.isAdmin ? (
          <NotAdmin email={me.data.user.email} />
        ) : (
          <>
            <StaffLiveUpdates />
            {children}
          </>
        )}
      </StaffShell>
    </StaffUiProvider>
  );
}

/** The one message a signed-in non-admin gets (no "Login successful" toast before it, see useLogin). */
export const notAdminText = (email: string) =>
  `You are signed in as ${email}, but this account does not have admin access. Ask an administrator to give you access, or sign out.`;

function NotAdmin({ email }: { email: string }) {
  const logout = useLogout();
  return (
    <Container maxW="md" py="16">
      <Heading as="h1" size="xl" mb="4">
        {AUTH_TEXTS.title}
      </Heading>
      <Text mb="4" role="alert">
        {notAdminText(email)}
      </Text>
      <Button onClick={() => logout.mutate()} loading={logout.isPending}>
        Sign out
      </Button>
    </Container>
  );
}

/**
 * The Admin Login screen (staff-side.md §2): the button is disabled while the password is empty.
 * `notice`: a line shown above the fields (e.g. SESSION_ENDED_TEXT).
 */
export function LoginForm({ notice }: { notice?: string } = {}) {
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
          <Heading as="h1" size="2xl" mb="6" textAlign="center">
            {AUTH_TEXTS.title}
          </Heading>
          {notice && (
            <Text role="status" mb="4" textAlign="center">
              {notice}
            </Text>
          )}
          <Stack gap="4">
            <Field.Root required>
              <Field.Label>Email</Field.Label>
              <Input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>Password</Field.Label>
              <Input
                type="password"
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field.Root>
            <Button type="submit" colorPalette="brand" disabled={!password || !email} loading={login.isPending}>
              Sign In
            </Button>
          </Stack>
        </Box>
      </form>
    </Container>
  );
}
