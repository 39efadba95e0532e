/** The committed migrations, in order. Add each new generated migration here. */
import { InitialSchema1795255281604 } from './1795255281604-InitialSchema.js';
import { LeadDocuments1795258226481 } from './1795258226481-LeadDocuments.js';

export const MIGRATIONS: Function[] = [InitialSchema1795255281604, LeadDocuments1795258226481];
