import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadsModule } from '../leads/index.js';
import { MessagingModule } from '../messaging/index.js';
import { SiteModule } from '../site/index.js';
import { StaffModule } from '../staff/index.js';
import { ContactAdminService } from './contact-admin.service.js';
import { ContactRecord } from './contact.entity.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsService } from './contacts.service.js';
import { StaffContactsController } from './staff-contacts.controller.js';
import { ConsultationRequestsController } from './consultation-requests.controller.js';
import { FreeGuideController } from './free-guide.controller.js';
import { FreeGuideService } from './free-guide.service.js';

/** Contact-form submissions and their conversion to leads (public-site.md §3; staff-side.md §2). Services only. */
@Module({
  imports: [TypeOrmModule.forFeature([ContactRecord]), LeadsModule, MessagingModule, SiteModule, StaffModule],
  providers: [ContactsService, ContactAdminService, FreeGuideService],
  exports: [ContactsService, ContactAdminService, FreeGuideService],
})
export class ContactsModule {}

/**
 * The contacts endpoints: POST /api/contacts, /api/free-guide and /api/consultation-requests
 * (public) and the staff contact calls.
 */
@Module({
  imports: [ContactsModule, LeadsModule],
  controllers: [ContactsController, FreeGuideController, ConsultationRequestsController, StaffContactsController],
})
export class ContactsApiModule {}
