/** Public surface of the CRM feature (action items over the lead pipeline). */
export { CrmApiModule } from './crm.module.js';
