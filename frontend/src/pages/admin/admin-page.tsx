/**
 * /admin (staff-side.md §2): the Admin Login form, then the admin dashboard. The route composes
 * the two staff features, which do not import each other: the admin dashboard (features/admin)
 * with the communications feature's Communication tab, lead timeline and send dialog, and its live
 * `lead:activity` updates. Client-only and lazy-loaded: it must never be imported statically from
 * marketing code (the prerender step checks this).
 */
import { AdminDashboard } from '../../features/admin/admin-dashboard';
import type { LeadMessaging } from '../../features/admin/lead-messaging';
import { StaffGate } from '../../features/admin/staff-gate';
import { LeadTimeline } from '../../features/communications/activity-timeline';
import { CommunicationTab } from '../../features/communications/communication-tab';
import { useLeadActivityLive } from '../../features/communications/comms-socket';
import { SendMessageDialog } from '../../features/communications/send-message-dialog';
import { ProviderOutageBanner } from '../../features/communications/provider-outage-banner';
import { UndeliveredMessages } from '../../features/communications/undelivered-messages';

/** The leads and CRM tabs' lead messaging: the communications feature's, with the dashboard's texts. */
const DASHBOARD_LEAD_MESSAGING: LeadMessaging = {
  Timeline: LeadTimeline,
  SendDialog: (props) => <SendMessageDialog {...props} screen="dashboard" />,
};

/**
 * The dashboard, under the provider banner (a provider down, messages waiting) and the messages not
 * delivered (with Resend); its timelines refresh live on `lead:activity`.
 */
function Dashboard() {
  useLeadActivityLive();
  return (
    <>
      <ProviderOutageBanner />
      <UndeliveredMessages />
      <AdminDashboard communicationTab={<CommunicationTab />} leadMessaging={DASHBOARD_LEAD_MESSAGING} />
    </>
  );
}

/** Route component of /admin. */
export function AdminPage() {
  return (
    <StaffGate>
      <Dashboard />
    </StaffGate>
  );
}
