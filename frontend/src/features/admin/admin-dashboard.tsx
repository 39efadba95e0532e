/**
 * The admin dashboard (staff-side.md §2): eight tabs, leads by default, and in its header the link
 * to the job dashboard (/admin/queues). The Communication tab and the lead messaging of the leads
 * and CRM tabs come from the communications feature, passed in by the route.
 */
import { Box, Button, Container, Flex, Heading, Tabs, Text } from '@chakra-ui/react';
import { JOB_DASHBOARD_PATH } from '@ironclad/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ContactsTab } from './contacts-tab';
import { CrmTab } from './crm-tab';
import { LeadsTab } from './leads-tab';
import { InventoryTab } from './inventory/inventory-tab';
import { ManualEstimatorTab } from './manual-estimator-tab';
import { AiConfigTab } from './ai-config-tab';
import { SettingsTab } from './settings-tab';
import { meQuery, useLogout } from './api/auth';
import type { LeadMessaging } from './lead-messaging';

export function AdminDashboard({ communicationTab, leadMessaging }: { communicationTab: ReactNode; leadMessaging: LeadMessaging }) {
  const me = useQuery(meQuery);
  const logout = useLogout();
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Flex justify="space-between" align="center" mb="6" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl">
          Admin Dashboard
        </Heading>
        <Flex align="center" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            {me.data?.user?.email}
          </Text>
          {/* A document of its own (Bull Board, served by the api), not a route of this app: a plain link. */}
          <Button asChild size="sm" variant="outline">
            <a href={JOB_DASHBOARD_PATH}>Job queues</a>
          </Button>
          <Button size="sm" variant="outline" onClick={() => logout.mutate()} loading={logout.isPending}>
            Sign out
          </Button>
        </Flex>
      </Flex>
      <Tabs.Root defaultValue="leads" lazyMount unmountOnExit variant="enclosed">
        <Box overflowX="auto">
          <Tabs.List>
            <Tabs.Trigger value="leads">Leads</Tabs.Trigger>
            <Tabs.Trigger value="contacts">Contacts</Tabs.Trigger>
            <Tabs.Trigger value="manual-estimator">Manual Estimator</Tabs.Trigger>
            <Tabs.Trigger value="crm">CRM Pipeline</Tabs.Trigger>
            <Tabs.Trigger value="inventory">Inventory</Tabs.Trigger>
            <Tabs.Trigger value="ai-config">AI Config</Tabs.Trigger>
            <Tabs.Trigger value="communication">Communication</Tabs.Trigger>
            <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
          </Tabs.List>
        </Box>
        <Tabs.Content value="leads">
          <LeadsTab messaging={leadMessaging} />
        </Tabs.Content>
        <Tabs.Content value="contacts">
          <ContactsTab />
        </Tabs.Content>
        <Tabs.Content value="manual-estimator">
          <ManualEstimatorTab />
        </Tabs.Content>
        <Tabs.Content value="crm">
          <CrmTab messaging={leadMessaging} />
        </Tabs.Content>
        <Tabs.Content value="inventory">
          <InventoryTab />
        </Tabs.Content>
        <Tabs.Content value="communication">{communicationTab}</Tabs.Content>
        <Tabs.Content value="ai-config">
          <AiConfigTab />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
