/**
 * The lead's owner (issue 22 point 6): a select of the active staff users (and "No owner"); a
 * change is saved at once (PATCH /api/leads/{id} `{ownerId}`, audited on the server).
 */
import { Field, NativeSelect } from '@chakra-ui/react';
import type { Lead } from '@ironclad/contracts';
import { staffName, useSetOwner, useStaffUsers } from '../leads/api/workspace';

export function LeadOwnerSelect({ lead }: { lead: Lead }) {
  const users = useStaffUsers();
  const setOwner = useSetOwner();
  const active = (users.data?.users ?? []).filter((u) => u.active || u.id === lead.ownerId);
  return (
    <Field.Root maxW="xs" mb="3">
      <Field.Label fontSize="sm">Owner</Field.Label>
      <NativeSelect.Root size="sm" disabled={setOwner.isPending || users.isPending}>
        <NativeSelect.Field
          value={lead.ownerId ?? ''}
          onChange={(e) => setOwner.mutate({ id: lead.id, ownerId: e.target.value || null })}
          data-testid="lead-owner"
        >
          <option value="">No owner</option>
          {active.map((u) => (
            <option key={u.id} value={u.id}>
              {staffName(u)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
