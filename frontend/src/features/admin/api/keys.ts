/** Query keys of the staff session (features/admin). */
import { sharedKeys } from '../../../lib/query-keys';

export const adminKeys = {
  /** GET /api/auth/me: who is signed in. */
  me: [...sharedKeys.staff, 'me'] as const,
};
