/**
 * Runtime schema of the `GET /api/public-config` answer (decisions.md §6, §7, §11), from the
 * contracts. Loaded beside the request by public-config.ts, so zod is not part of the first
 * download of a page.
 */
export { publicConfigSchema } from '@ironclad/contracts';
