/**
 * /communications (staff-side.md §2): the communications centre, shown only to a signed-in
 * admin (decisions.md §1). Client-only and lazy-loaded: it must never be imported statically
 * from marketing code (the prerender step checks this).
 */
import { StaffGate } from '../../features/admin/staff-gate';
import { CommunicationsCentre } from '../../features/communications/communications-centre';

/** Route component of /communications. */
export function CommunicationsPage() {
  return (
    <StaffGate>
      <CommunicationsCentre />
    </StaffGate>
  );
}
