/**
 * The admin dashboard (staff-side.md §2): eight tabs, leads by default. The signed-in user, Sign
 * out and the link to the job dashboard (/admin/queues) are in the staff shell's navigation. The Communication tab and the lead messaging of the leads
 * and CRM tabs come from the communications feature, passed in by the route.
 */
import { Container, Heading, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ContactsTab } from './contacts-tab';
import { CrmTab } from './crm-tab';
import { LeadsTab } from './leads-tab';
import { InventoryTab } from './inventory/inventory-tab';
import { ManualEstimatorTab } from './manual-estimator-tab';
import { AiConfigTab } from './ai-config-tab';
import { SettingsTab } from './settings-tab';
import type { LeadMessaging } from './lead-messaging';
import { ScrollCue } from '../../components/staff/scroll-cue';

export function AdminDashboard({ communicationTab, leadMessaging }: { communicationTab: ReactNode; leadMessaging: LeadMessaging }) {
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="2xl" mb="6">
        Admin Dashboard
      </Heading>
      <Tabs.Root defaultValue="leads" lazyMount unmountOnExit variant="enclosed">
        <ScrollCue testId="admin-tabs">
          <Tabs.List flexWrap="nowrap" w="max-content" minW="full">
            <Tabs.Trigger value="leads">Leads</Tabs.Trigger>
            <Tabs.Trigger value="contacts">Contacts</Tabs.Trigger>
            <Tabs.Trigger value="manual-estimator">Manual Estimator</Tabs.Trigger>
            <Tabs.Trigger value="crm">CRM Pipeline</Tabs.Trigger>
            <Tabs.Trigger value="inventory">Inventory</Tabs.Trigger>
            <Tabs.Trigger value="ai-config">AI Config</Tabs.Trigger>
            <Tabs.Trigger value="communication">Communication</Tabs.Trigger>
            <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
          </Tabs.List>
        </ScrollCue>
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
