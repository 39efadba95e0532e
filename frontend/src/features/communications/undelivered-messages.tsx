/**
 * The "Email not delivered" action items of the admin dashboard (issue 26 point 4): each message
 * that failed for good (a permanent refusal, or the delivery policy's patience spent) and was not
 * resent yet, with its reason and a Resend button — a resend is a new message with its own
 * idempotency key, shown in the lead's timeline as "(resend of #id)". Nothing while there are none.
 */
import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { LucideRotateCw } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { undeliveredMessagesQuery, useResendMessage } from './api/comms-api';

export function UndeliveredMessages() {
  const list = useQuery(undeliveredMessagesQuery);
  const resend = useResendMessage();
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Box
      borderWidth="1px"
      borderColor="border.error"
      rounded="md"
      p="4"
      mb="4"
      data-testid="undelivered-messages"
      aria-labelledby="undelivered-heading"
    >
      <Heading as="h2" size="sm" mb="3" id="undelivered-heading">
        Action items: messages not delivered ({items.length})
      </Heading>
      <Stack gap="3" as="ul" listStyleType="none">
        {items.map(({ message, title, name }) => (
          <Flex as="li" key={message.id} gap="3" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
            <Stack gap="0.5" flex="1" minW="0">
              <Flex gap="2" align="center" wrap="wrap">
                <Badge colorPalette="red">{title}</Badge>
                <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
                  {name ? `${name} · ` : ''}
                  {message.recipient}
                </Text>
              </Flex>
              <Text fontSize="xs" color="fg.error" wordBreak="break-word">
                {message.error ?? 'Not delivered'}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {message.subject ?? message.template ?? 'Message'} ·{' '}
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              </Text>
            </Stack>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              loading={resend.isPending && resend.variables === message.id}
              onClick={() => resend.mutate(message.id)}
              aria-label={`Resend the message to ${message.recipient}`}
            >
              <LucideRotateCw aria-hidden /> Resend
            </Button>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
