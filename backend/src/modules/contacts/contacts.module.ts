import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { ContactRecord } from './contact.entity.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsService } from './contacts.service.js';
import { AuditModule } from '../audit/audit.module.js';
import { ContactAdminService } from './contact-admin.service.js';
import { StaffContactsController } from './staff-contacts.controller.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactRecord]), MessagingModule, SiteSettingsModule, AuditModule],
  providers: [ContactsService, ContactAdminService],
  controllers: [ContactsController, StaffContactsController],
  exports: [ContactsService],
})
export class ContactsModule {}
