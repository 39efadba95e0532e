/** The committed migrations, in order. Add each new generated migration here. */
import { InitialSchema1795255281604 } from './1795255281604-InitialSchema.js';

export const MIGRATIONS: Function[] = [InitialSchema1795255281604];
