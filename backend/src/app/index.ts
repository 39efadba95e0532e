/**
 * Entry point `@ironclad/backend/api`: the api application (for its bootstrap, the worker's
 * integration tests and the benchmarks) and the database options of the product.
 */
export { ApiModule } from './api.module.js';
export { createApp } from './create-api.js';
export { dataSourceOptions } from './data-source-options.js';
export { ENTITIES } from './entities.js';
