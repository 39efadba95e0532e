/**
 * /admin (staff-side.md §2): the Admin Login form, then the admin dashboard. Client-only and
 * lazy-loaded: it must never be imported statically from marketing code (the prerender step
 * checks this).
 */
import { AdminDashboard } from '../../features/admin/admin-dashboard';
import { StaffGate } from '../../features/admin/staff-gate';

/** Route component of /admin. */
export function AdminPage() {
  return (
    <StaffGate>
      <AdminDashboard />
    </StaffGate>
  );
}
