/** Public surface of the health feature. */
export { HealthApiModule } from './health.module.js';
