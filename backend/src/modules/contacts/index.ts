/** Public surface of the contacts feature (contact-form submissions). */
export { ContactsModule, ContactsApiModule } from './contacts.module.js';
export { ContactsService, toContact } from './contacts.service.js';
export { ContactRecord } from './contact.entity.js';
export { FreeGuideService, freeGuideJobId } from './free-guide.service.js';
