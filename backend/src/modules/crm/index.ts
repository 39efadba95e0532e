/** Public surface of the CRM feature (action items over the lead pipeline). */
export { CrmApiModule } from './crm.module.js';
export { ActionItemStateRecord } from './action-item-state.entity.js';
