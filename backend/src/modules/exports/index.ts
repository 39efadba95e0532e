/** Public surface of the exports feature. */
export { ExportsApiModule } from './exports.module.js';
