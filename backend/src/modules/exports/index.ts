/** Public surface of the exports feature. */
export { ExportsApiModule, ExportsJobsModule, ExportsModule } from './exports.module.js';
export { ExportFilesStore } from './export-files.store.js';
