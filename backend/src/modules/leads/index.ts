/** Public surface of the leads feature (visitors' requests, the staff pipeline, lead live events). */
export { LeadsModule, LeadsApiModule } from './leads.module.js';
export { LeadsService, toLead } from './leads.service.js';
export { LeadAdminService, searchPattern, likeEscape } from './lead-admin.service.js';
export { LeadEvents } from './lead-events.js';
export { LeadRecord } from './lead.entity.js';
export { LeadStatusChangeRecord } from './lead-status-change.entity.js';
export { LeadNoteRecord } from './lead-note.entity.js';
export { depositTokenHash } from './deposit-token.js';
export { purgeArchivedLeads } from './lead-archive-purge.js';
