/** /payment-success — the wizard deposit's return page (decisions.md §4). */
import { QueryProvider } from '../../app/query-provider';
import { PaymentStatusView } from '../../features/payments/payment-status-view';

export function PaymentSuccessPage() {
  return (
    <QueryProvider>
      <PaymentStatusView
        texts={{
          heading: 'Your Deposit',
          successTitle: 'Deposit Successful!',
          successText: "Your installation date has been secured. We'll contact you within 24 hours.",
        }}
      />
    </QueryProvider>
  );
}
