/**
 * Staff session calls (staff-side.md §2 "Admin login", §8; decisions.md §1, §2): who is signed
 * in, sign-in with the spec's toasts, sign-out. Answers validated with their contract schemas.
 */
import { AUTH_TEXTS, loginResponseSchema, meResponseSchema, type LoginInput } from '@ironclad/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toaster';
import { ApiError, apiRequest } from '../../../lib/api';
import { sharedKeys } from '../../../lib/query-keys';
import { adminKeys } from './keys';

/** GET /api/auth/me. */
export const meQuery = queryOptions({
  queryKey: adminKeys.me,
  queryFn: ({ signal }) => apiRequest('GET', '/api/auth/me', { schema: meResponseSchema, signal }),
});

/**
 * POST /api/auth/login with the spec's toasts (staff-side.md §2, §8). A non-admin gets no
 * "Login successful" toast: StaffGate's "no admin access" message is the one thing they see.
 */
export function useLogin(onWrongPassword: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginInput) => apiRequest('POST', '/api/auth/login', { body, schema: loginResponseSchema }),
    onSuccess: (res) => {
      if (res.user.isAdmin) notify({ title: AUTH_TEXTS.success, description: AUTH_TEXTS.welcome, type: 'success' });
      qc.setQueryData(adminKeys.me, { user: res.user });
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 400)) {
        notify({ title: AUTH_TEXTS.invalidPassword, type: 'error' });
        onWrongPassword();
      } else {
        notify({
          title: AUTH_TEXTS.loginFailed,
          description: err instanceof ApiError && err.body ? err.body.message : undefined,
          type: 'error',
        });
      }
    },
  });
}

/** True for a query key that holds staff data (everything under `staff`, and the contacts list). */
const isStaffData = (key: readonly unknown[]) => key[0] === sharedKeys.staff[0] || key[0] === sharedKeys.contacts[0];
const isMe = (key: readonly unknown[]) => key[0] === adminKeys.me[0] && key[1] === adminKeys.me[1];

/**
 * Nobody is signed in any more (logout, or a staff call found the session ended): `me` becomes
 * `{user: null}` in place (StaffGate's query keeps observing it, so the login shows at once) and
 * every other staff query is dropped, so nothing of the ended session shows after the next
 * sign-in.
 */
export function forgetStaffSession(qc: QueryClient): void {
  qc.setQueryData(adminKeys.me, { user: null });
  qc.removeQueries({ predicate: (q) => isStaffData(q.queryKey) && !isMe(q.queryKey) });
}

/** POST /api/auth/logout. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSuccess: () => forgetStaffSession(qc),
  });
}
