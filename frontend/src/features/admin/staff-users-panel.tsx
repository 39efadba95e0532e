/**
 * Staff users managed from the admin (issue 22 point 6), in the Settings tab: the accounts with
 * their admin flag and state, Invite (name, email, admin flag; the one-time password is shown
 * once to pass on) and Deactivate / Reactivate (a deactivated user cannot sign in and their open
 * sessions end). The server refuses changes to the signed-in admin's own account.
 */
import { Badge, Box, Button, Checkbox, Field, Flex, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import type { StaffAccount } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api';
import { staffName, useInviteStaffUser, useStaffUsers, useUpdateStaffUser } from '../leads/api/workspace';
import { meQuery } from './api/auth';

export function StaffUsersPanel() {
  const users = useStaffUsers();
  const me = useQuery(meQuery);
  return (
    <Stack gap="4" as="section" aria-labelledby="staff-users-heading">
      <Heading as="h2" size="lg" id="staff-users-heading">
        Staff users
      </Heading>
      <InviteForm />
      {users.isPending ? (
        <Spinner />
      ) : users.isError ? (
        <Text role="alert">Could not load the staff users.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" m="0" gap="2" aria-label="Staff users">
          {users.data.users.map((u) => (
            <StaffUserItem key={u.id} user={u} self={u.id === me.data?.user?.id} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function StaffUserItem({ user, self }: { user: StaffAccount; self: boolean }) {
  const update = useUpdateStaffUser();
  return (
    <Flex
      as="li"
      borderWidth="1px"
      rounded="md"
      p="3"
      gap="3"
      justify="space-between"
      align="center"
      wrap="wrap"
      data-testid="staff-user-row"
    >
      <Box minW="0">
        <Text fontWeight="semibold">{staffName(user)}</Text>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
          {user.email}
        </Text>
      </Box>
      <HStack gap="2" wrap="wrap">
        {user.isAdmin && <Badge colorPalette="blue">Admin</Badge>}
        <Badge colorPalette={user.active ? 'green' : 'gray'}>{user.active ? 'Active' : 'Deactivated'}</Badge>
        {!self && (
          <Button
            size="xs"
            variant="outline"
            colorPalette={user.active ? 'red' : undefined}
            loading={update.isPending}
            onClick={() => update.mutate({ id: user.id, patch: { active: !user.active } })}
            aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${user.email}`}
          >
            {user.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        )}
      </HStack>
    </Flex>
  );
}

function InviteForm() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [isAdmin, setIsAdmin] = useState(true);
  const invite = useInviteStaffUser();
  const [invited, setInvited] = useState<{ email: string; password: string } | null>(null);
  const fieldErrors = invite.error instanceof ApiError ? (invite.error.body?.details?.fieldErrors ?? {}) : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { firstName, lastName, email, isAdmin },
      {
        onSuccess: (res) => {
          setInvited({ email: res.user.email, password: res.temporaryPassword });
          setFirstName('');
          setLastName('');
          setEmail('');
        },
      },
    );
  };
  return (
    <Box borderWidth="1px" rounded="md" p="4">
      <form onSubmit={submit} noValidate>
        <Heading as="h3" size="sm" mb="3">
          Invite a staff user
        </Heading>
        <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'end' }}>
          <Field.Root required invalid={!!fieldErrors.firstName}>
            <Field.Label>First name</Field.Label>
            <Input value={firstName} onChange={(e) => setFirstName(e.target.value)} autoComplete="off" />
            <Field.ErrorText>{fieldErrors.firstName?.[0]}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!fieldErrors.lastName}>
            <Field.Label>Last name</Field.Label>
            <Input value={lastName} onChange={(e) => setLastName(e.target.value)} autoComplete="off" />
          </Field.Root>
          <Field.Root required invalid={!!fieldErrors.email}>
            <Field.Label>Email</Field.Label>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
            <Field.ErrorText>{fieldErrors.email?.[0]}</Field.ErrorText>
          </Field.Root>
        </Stack>
        <HStack mt="3" gap="4" wrap="wrap">
          <Checkbox.Root checked={isAdmin} onCheckedChange={(e) => setIsAdmin(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Admin (can use the staff pages)</Checkbox.Label>
          </Checkbox.Root>
          <Button type="submit" size="sm" colorPalette="brand" loading={invite.isPending} disabled={!firstName.trim() || !email.trim()}>
            Invite
          </Button>
        </HStack>
        {invite.isError && !Object.keys(fieldErrors).length && (
          <Text role="alert" mt="2" color="fg.error">
            {invite.error instanceof ApiError && invite.error.body ? invite.error.body.message : 'Could not invite the staff user.'}
          </Text>
        )}
        {invited && (
          <Box role="status" mt="3" p="3" rounded="md" bg="green.subtle" data-testid="invited-password">
            <Text fontSize="sm">
              {invited.email} can now sign in with this one-time password. Pass it on privately; it is not shown again:
            </Text>
            <Text fontFamily="mono" fontWeight="bold" mt="1">
              {invited.password}
            </Text>
          </Box>
        )}
      </form>
    </Box>
  );
}
