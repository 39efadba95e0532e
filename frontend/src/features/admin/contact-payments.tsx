/**
 * The payments of one contact in the contacts tab's details panel (decisions.md §4): the
 * consultation deposits linked to the contact, with amount, status and dates, as our server holds
 * them (updated from verified Stripe webhooks). GET /api/contacts/{id}/payments.
 */
import { Badge, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { StaffPayment } from '@ironclad/contracts';
import { formatDate, formatUsdCents } from '../../lib/format';
import { useContactPayments } from '../leads/api/contacts';

const STATUS_PALETTE: Record<StaffPayment['status'], string> = {
  pending: 'gray',
  processing: 'blue',
  succeeded: 'green',
  failed: 'red',
  canceled: 'gray',
};
const KIND_LABELS: Record<StaffPayment['kind'], string> = { consultation: 'Consultation deposit', deposit: 'Installation deposit' };

/** "Payments" block of the contact details. */
export function ContactPayments({ contactId }: { contactId: number }) {
  const payments = useContactPayments(contactId);
  return (
    <Stack gap="2" mt="4" data-testid="contact-payments">
      <Heading as="h4" size="sm">
        Payments
      </Heading>
      {payments.isPending ? (
        <Spinner size="sm" />
      ) : payments.isError ? (
        <Text fontSize="sm" role="alert">
          Could not load the payments of this contact.
        </Text>
      ) : payments.data.payments.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No payments.
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" fontSize="sm">
          {payments.data.payments.map((p) => (
            <HStack as="li" key={p.id} gap="2" wrap="wrap">
              <Text fontWeight="medium">{KIND_LABELS[p.kind]}</Text>
              <Text>
                {p.currency === 'usd'
                  ? formatUsdCents(p.amountCents / 100)
                  : `${(p.amountCents / 100).toFixed(2)} ${p.currency.toUpperCase()}`}
              </Text>
              <Badge colorPalette={STATUS_PALETTE[p.status]}>{p.status}</Badge>
              <Text color="fg.muted">
                {formatDate(p.createdAt)}
                {p.succeededAt ? ` · paid ${formatDate(p.succeededAt)}` : ''}
                {p.failureMessage ? ` · ${p.failureMessage}` : ''}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
