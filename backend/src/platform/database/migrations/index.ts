/** The committed migrations, in order. Add each new generated migration here. */
import type { MigrationInterface } from 'typeorm';
import { InitialSchema1795255281604 } from './1795255281604-InitialSchema.js';
import { LeadDocuments1795258226481 } from './1795258226481-LeadDocuments.js';
import { AdminDashboard1795258290601 } from './1795258290601-AdminDashboard.js';
import { Payments1795258604886 } from './1795258604886-Payments.js';
import { Communications1795265713669 } from './1795265713669-Communications.js';
import { PaymentContacts1795265795228 } from './1795265795228-PaymentContacts.js';
import { OutboundPendingIndex1795267895444 } from './1795267895444-OutboundPendingIndex.js';
import { LeadSearchAndSort1795270000000 } from './1795270000000-LeadSearchAndSort.js';
import { SpamFlags1795280000000 } from './1795280000000-SpamFlags.js';
import { RecipientCaps1795290000000 } from './1795290000000-RecipientCaps.js';
import { DepositTokensAndPaymentLocks1795295000000 } from './1795295000000-DepositTokensAndPaymentLocks.js';
import { QueuePauses1795300000000 } from './1795300000000-QueuePauses.js';
import { InventoryCatalogue1795310000000 } from './1795310000000-InventoryCatalogue.js';
import { SiteImages1795320000000 } from './1795320000000-SiteImages.js';
import { ConfigurationVersions1795330000000 } from './1795330000000-ConfigurationVersions.js';
import { ContactSourcesAndSiteDocuments1795335000000 } from './1795335000000-ContactSourcesAndSiteDocuments.js';
import { ActionItemStates1795410000000 } from './1795410000000-ActionItemStates.js';
import { LeadArchive1795411000000 } from './1795411000000-LeadArchive.js';
import { NotesOwnersStaffUsers1795420000000 } from './1795420000000-NotesOwnersStaffUsers.js';
import { SiteImagesConfigurationVersion1795350000000 } from './1795350000000-SiteImagesConfigurationVersion.js';

import { ExportFiles1795440000000 } from './1795440000000-ExportFiles.js';
import { ActivityFeedIndexes1795440000001 } from './1795440000001-ActivityFeedIndexes.js';
import { QuoteVersions1795510000000 } from './1795510000000-QuoteVersions.js';
import { CampaignAudienceInWorker1795520000000 } from './1795520000000-CampaignAudienceInWorker.js';
import { LeadStatCounters1795520000001 } from './1795520000001-LeadStatCounters.js';
import { ActionItemsStageSince1795530000000 } from './1795530000000-ActionItemsStageSince.js';
import { LeadBoardCounts1795530000001 } from './1795530000001-LeadBoardCounts.js';
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  InitialSchema1795255281604,
  LeadDocuments1795258226481,
  AdminDashboard1795258290601,
  Payments1795258604886,
  Communications1795265713669,
  PaymentContacts1795265795228,
  OutboundPendingIndex1795267895444,
  LeadSearchAndSort1795270000000,
  SpamFlags1795280000000,
  RecipientCaps1795290000000,
  DepositTokensAndPaymentLocks1795295000000,
  QueuePauses1795300000000,
  InventoryCatalogue1795310000000,
  SiteImages1795320000000,
  ConfigurationVersions1795330000000,
  ContactSourcesAndSiteDocuments1795335000000,
  SiteImagesConfigurationVersion1795350000000,
  ActionItemStates1795410000000,
  LeadArchive1795411000000,
  NotesOwnersStaffUsers1795420000000,
  ExportFiles1795440000000,
  ActivityFeedIndexes1795440000001,
  QuoteVersions1795510000000,
  CampaignAudienceInWorker1795520000000,
  LeadStatCounters1795520000001,
  ActionItemsStageSince1795530000000,
  LeadBoardCounts1795530000001,
];
