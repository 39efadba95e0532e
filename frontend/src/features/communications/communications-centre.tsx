/**
 * The communications centre (/communications, staff-side.md §2): tabs Dashboard, Campaigns, Lead
 * Activity, Lead Management, Templates, Testing, Settings. The open tab is kept in the URL
 * (`?tab=`), so a reload or a shared link opens the same tab. Timelines refresh live on
 * `lead:activity`; running campaigns follow `campaign:progress`.
 */
import { ScrollCue } from '../../components/staff/scroll-cue';
import { Box, Button, CloseButton, Container, Dialog, Flex, Heading, Portal, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BulkCampaignForm } from './bulk-campaign-form';
import { CampaignList } from './campaigns';
import { DashboardPanel, LeadActivityPanel, SettingsPanel, TestingPanel } from './centre-tabs';
import { useLeadActivityLive } from './comms-socket';
import { LeadManagementPanel } from './lead-management';
import { TemplatesPanel } from './templates';

const TABS = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'campaigns', label: 'Campaigns' },
  { value: 'activity', label: 'Lead Activity' },
  { value: 'leads', label: 'Lead Management' },
  { value: 'templates', label: 'Templates' },
  { value: 'testing', label: 'Testing' },
  { value: 'settings', label: 'Settings' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const isTab = (v: string | null): v is TabValue => TABS.some((t) => t.value === v);

export function CommunicationsCentre() {
  useLeadActivityLive();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabValue = isTab(tabParam) ? tabParam : 'dashboard';
  const open = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'dashboard') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="2xl" mb="1">
        Communications Center
      </Heading>
      <Text color="fg.muted" mb="6">
        Email and SMS to leads: campaigns, templates, activity and tests.
      </Text>
      <Tabs.Root value={tab} onValueChange={(e) => open(e.value)} lazyMount unmountOnExit variant="enclosed">
        <Box mb="4">
          <ScrollCue testId="communications-tabs">
            <Tabs.List flexWrap="nowrap" w="max-content" minW="full">
              {TABS.map((t) => (
                <Tabs.Trigger key={t.value} value={t.value} flexShrink={0}>
                  {t.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
          </ScrollCue>
        </Box>
        <Tabs.Content value="dashboard">
          <DashboardPanel onOpenTab={open} />
        </Tabs.Content>
        <Tabs.Content value="campaigns">
          <CampaignsPanel />
        </Tabs.Content>
        <Tabs.Content value="activity">
          <LeadActivityPanel />
        </Tabs.Content>
        <Tabs.Content value="leads">
          <LeadManagementPanel />
        </Tabs.Content>
        <Tabs.Content value="templates">
          <TemplatesPanel />
        </Tabs.Content>
        <Tabs.Content value="testing">
          <TestingPanel />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}

/** The Campaigns tab: the new campaign (bulk) form in a modal and the stored campaigns. */
function CampaignsPanel() {
  const [creating, setCreating] = useState(false);
  return (
    <Box>
      <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
        <Text color="fg.muted" fontSize="sm">
          Running campaigns update live; finished ones show their summary.
        </Text>
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          New campaign
        </Button>
      </Flex>
      <CampaignList />
      <Dialog.Root open={creating} onOpenChange={(e) => setCreating(e.open)} size="lg" placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>New campaign</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">{creating && <BulkCampaignForm onStarted={() => setCreating(false)} />}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}
