/**
 * The architecture's import boundaries (shared/design/architecture.md "Layout"), as zones of
 * `import-x/no-restricted-paths`. Paths are relative to the repository root.
 *
 * - platform (backend/src/platform) imports no feature and no composition root;
 * - a feature (backend/src/modules/<f>) imports another feature only through its `index.ts`, and
 *   never the composition roots (backend/src/app, backend/src/cli, backend/src/main.ts);
 * - the composition roots import features only through their `index.ts`;
 * - the worker's code imports the back end only through the entry points of backend/package.json
 *   (`@ironclad/backend/platform`, `/jobs`, `/api`), its tests also the shared test support;
 * - `@ironclad/contracts` imports no workspace;
 * - the marketing site (pages/site and the public features) imports no staff code, and the two
 *   staff features (admin, communications) do not import each other.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dirs = (root, rel) =>
  readdirSync(path.join(root, rel), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

/** Staff-only front-end features: everything else under frontend/src/features is public. */
export const STAFF_FEATURES = ['admin', 'communications', 'image-generator'];

/**
 * The back end's package entry points (backend/package.json "exports"), as they resolve: to their
 * sources through the type-check configs' `paths`, or to the built files.
 */
const BACKEND_ENTRIES = ['platform/index', 'app/job-modules', 'app/index'].flatMap((entry) => [
  `./src/${entry}.ts`,
  `./dist/${entry}.d.ts`,
  `./dist/${entry}.js`,
]);

/** @returns the zones of `import-x/no-restricted-paths` for the tree at `root`. */
export function boundaryZones(root) {
  const features = dirs(root, 'backend/src/modules');
  const frontFeatures = dirs(root, 'frontend/src/features');
  const publicFeatures = frontFeatures.filter((f) => !STAFF_FEATURES.includes(f));
  const staffCode = ['frontend/src/pages/admin', ...STAFF_FEATURES.map((f) => `frontend/src/features/${f}`)];
  return [
    {
      target: 'backend/src/platform',
      from: ['backend/src/modules', 'backend/src/app', 'backend/src/cli', 'backend/src/main.ts'],
      message: 'The platform imports no feature and no composition root: features depend on the platform, never the reverse.',
    },
    {
      target: 'backend/src/modules',
      from: ['backend/src/app', 'backend/src/cli', 'backend/src/main.ts'],
      message: 'A feature never imports a composition root (app/, cli/, main.ts).',
    },
    ...features.map((f) => ({
      target: `backend/src/modules/${f}`,
      from: 'backend/src/modules',
      except: [`./${f}`, ...features.filter((o) => o !== f).map((o) => `./${o}/index.ts`)],
      message: `Import another feature only through its index.ts (its public surface), never its internals.`,
    })),
    {
      target: ['backend/src/app', 'backend/src/cli', 'backend/src/main.ts'],
      from: 'backend/src/modules',
      except: features.map((f) => `./${f}/index.ts`),
      message: 'Composition roots import a feature only through its index.ts.',
    },
    {
      target: 'worker/src',
      from: 'backend',
      except: BACKEND_ENTRIES,
      message: 'The worker imports the back end only through @ironclad/backend/platform, /jobs and /api (backend/package.json "exports").',
    },
    {
      target: 'worker/test',
      from: 'backend',
      except: [...BACKEND_ENTRIES, './test/support', './test/auth/support.ts', ...features.map((f) => `./src/modules/${f}/index.ts`)],
      message: "Worker tests use the back end's entry points, its features' index.ts and the shared test support.",
    },
    {
      target: 'packages/contracts/src',
      from: ['backend', 'worker', 'frontend'],
      message: '@ironclad/contracts is shared by every workspace and imports none of them.',
    },
    {
      target: ['frontend/src/pages/site', ...publicFeatures.map((f) => `frontend/src/features/${f}`)],
      from: staffCode,
      message: 'Marketing pages and public features never import staff code (it would ship to every visitor).',
    },
    ...STAFF_FEATURES.map((f) => ({
      target: `frontend/src/features/${f}`,
      from: STAFF_FEATURES.filter((o) => o !== f).map((o) => `frontend/src/features/${o}`),
      message: 'The staff features do not import each other: shared code lives in lib/ or components/.',
    })),
  ];
}
