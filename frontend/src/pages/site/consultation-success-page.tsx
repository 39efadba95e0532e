/** /consultation-success — the consultation deposit's return page (decisions.md §4). */
import { QueryProvider } from '../../app/query-provider';
import { PaymentStatusView } from '../../features/payments/payment-status-view';

export function ConsultationSuccessPage() {
  return (
    <QueryProvider>
      <PaymentStatusView
        texts={{
          heading: 'Your Consultation',
          successTitle: 'Consultation Scheduled!',
          successText: "We'll contact you within 24 hours to schedule your site visit.",
        }}
      />
    </QueryProvider>
  );
}
