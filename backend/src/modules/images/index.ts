/** Public surface of the images feature (generated site images, Stability AI). */
export { ImagesModule, ImagesApiModule, ImagesJobsModule } from './images.module.js';
export { ImageStore, siteImageOf } from './image-store.service.js';
export { ImageRunRecord } from './image-run.entity.js';
export { GeneratedImageRecord } from './generated-image.entity.js';
export { ImageVariantRecord } from './image-variant.entity.js';
export { ActiveImageRecord } from './active-image.entity.js';
export { StabilityClient, StabilityRateLimitedError, type StabilityImageRequest, type StabilityImageResult } from './stability-client.js';
export { makeVariants } from './image-variants.js';
export { SiteImageFiles, VARIANT_ROUTE, writeVariant } from './site-image-files.service.js';
