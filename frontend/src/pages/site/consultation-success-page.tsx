/** /consultation-success — the consultation deposit's return page (decisions.md §4); it names the kind of payment our server holds. */
import { QueryProvider } from '../../app/query-provider';
import { PaymentStatusView } from '../../features/payments/payment-status-view';

export function ConsultationSuccessPage() {
  return (
    <QueryProvider>
      <PaymentStatusView expectedKind="consultation" />
    </QueryProvider>
  );
}
