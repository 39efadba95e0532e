/**
 * The lint configuration enforces the architecture's boundaries: each rule below is shown to fail
 * on an import that breaks it, and to pass on the allowed form of the same import.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

/** The rule ids reported for `code` as if it were the file `file` (relative to the root). */
async function rulesFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

jest.setTimeout(120_000);

describe('back end', () => {
  it('the platform imports no feature', async () => {
    expect(
      await rulesFor(
        'backend/src/platform/queue/probe.ts',
        "import { LeadsService } from '../../modules/leads/index.js';\nexport const x = LeadsService;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        'backend/src/platform/queue/probe.ts',
        "import { withTimeout } from '../lifecycle/with-timeout.js';\nexport const x = withTimeout;\n",
      ),
    ).toEqual([]);
  });

  it('a feature imports another feature only through its index.ts, never its internals', async () => {
    expect(
      await rulesFor(
        'backend/src/modules/crm/probe.ts',
        "import { LeadRecord } from '../leads/lead.entity.js';\nexport const x = LeadRecord;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor('backend/src/modules/crm/probe.ts', "import { LeadRecord } from '../leads/index.js';\nexport const x = LeadRecord;\n"),
    ).toEqual([]);
  });

  it('a feature never imports a composition root', async () => {
    expect(
      await rulesFor('backend/src/modules/crm/probe.ts', "import { ENTITIES } from '../../app/entities.js';\nexport const x = ENTITIES;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('two features never import each other in a circle', async () => {
    const file = 'backend/src/modules/leads/leads.service.ts';
    const source = readFileSync(path.join(root, file), 'utf8');
    expect(await rulesFor(file, source)).toEqual([]);
    // contacts already imports leads: leads importing contacts closes a circle
    expect(
      await rulesFor(file, `import { ContactsService } from '../contacts/index.js';\nexport const probe = ContactsService;\n${source}`),
    ).toContain('import-x/no-cycle');
  });
});

describe('worker', () => {
  it("imports the back end only through backend/package.json's entry points", async () => {
    expect(
      await rulesFor('worker/src/probe.ts', "import { ENV } from '../../backend/src/platform/config/env.js';\nexport const x = ENV;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(await rulesFor('worker/src/probe.ts', "import { ENV } from '@ironclad/backend/platform';\nexport const x = ENV;\n")).toEqual([]);
  });
});

describe('front end', () => {
  it('marketing pages and public features never import staff code', async () => {
    expect(
      await rulesFor(
        'frontend/src/pages/site/probe.tsx',
        "import { AdminDashboard } from '../../features/admin/admin-dashboard';\nexport const x = AdminDashboard;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesFor(
        'frontend/src/features/home/probe.tsx',
        "import { AdminDashboard } from '../admin/admin-dashboard';\nexport const x = AdminDashboard;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });

  it('the two staff features do not import each other', async () => {
    expect(
      await rulesFor(
        'frontend/src/features/admin/probe.tsx',
        "import { CommunicationsCentre } from '../communications/communications-centre';\nexport const x = CommunicationsCentre;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
  });
});
