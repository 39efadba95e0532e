/**
 * Entry point `@ironclad/backend/jobs`: what the worker bootstrap imports — each feature's job
 * module (its processors) and the entities the worker's database connection registers.
 */
export { CommunicationsJobsModule } from '../modules/communications/index.js';
export { EstimatesJobsModule } from '../modules/estimates/index.js';
export { ExportsJobsModule } from '../modules/exports/index.js';
export { ImagesJobsModule } from '../modules/images/index.js';
export { MessagingJobsModule } from '../modules/messaging/index.js';
export { ENTITIES } from './entities.js';
