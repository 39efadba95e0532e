/**
 * Every Chakra component the public site renders has its recipe: in the core recipes of the
 * site's system (theme.ts) or registered by the module that renders it (`registerRecipes()`,
 * recipes.ts). Without it the component would render unstyled, and nothing else would say so.
 *
 * Staff screens render inside StaffUiProvider (features/admin/staff-ui-provider.tsx), whose system
 * adds the recipes of the staff screens: their components need theirs there.
 */
import { expect, it } from '@jest/globals';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

/** Folders of staff-only modules (rendered inside StaffUiProvider). */
const STAFF_DIRS = ['features/admin/', 'features/communications/', 'features/image-generator/', 'pages/admin/'];

/**
 * The recipes each Chakra export looks up (from @chakra-ui/react's components: the `key` of
 * their recipe context). Exports without a recipe map to []. An export missing here fails the
 * test: add it with its recipes.
 */
const COMPONENT_RECIPES: Record<string, string[]> = {
  Alert: ['alert'],
  Badge: ['badge'],
  Box: [],
  Button: ['button'],
  Card: ['card'],
  Center: [],
  chakra: [],
  ChakraProvider: [],
  Checkbox: ['checkbox', 'checkmark'],
  CheckboxGroup: [],
  CloseButton: ['button'],
  Container: ['container'],
  Dialog: ['dialog'],
  Drawer: ['drawer'],
  Field: ['field'],
  Fieldset: ['fieldset'],
  Flex: [],
  Grid: [],
  GridItem: [],
  Group: [],
  Heading: ['heading'],
  HStack: [],
  Icon: ['icon'],
  IconButton: ['button'],
  Input: ['input'],
  InputGroup: ['inputAddon'],
  Link: ['link'],
  List: ['list'],
  Menu: ['menu'],
  NativeSelect: ['nativeSelect'],
  Portal: [],
  Progress: ['progress'],
  RadioCard: ['radioCard'],
  Separator: ['separator'],
  SimpleGrid: [],
  SkipNavLink: ['skipNavLink'],
  Spacer: [],
  Span: [],
  Spinner: ['spinner'],
  Stack: [],
  Stat: ['stat'],
  Switch: ['switch'],
  Table: ['table'],
  Tabs: ['tabs'],
  Text: [],
  Textarea: ['textarea'],
  Toast: ['toast'],
  Toaster: ['toast'],
  VisuallyHidden: [],
  VStack: [],
  Wrap: [],
};

/** Named imports from '@chakra-ui/react' that are not components (functions, types). */
const isComponentName = (name: string) => /^[A-Z]/.test(name) || name === 'chakra';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
  });
}

/** Keys of an object literal `NAME = { key: …, … }` in theme.ts. */
function objectKeys(source: string, name: string): string[] {
  const body = new RegExp(`${name}\\s*=\\s*\\{([^}]*)\\}`).exec(source)?.[1];
  if (!body) throw new Error(`theme.ts has no ${name}`);
  return [...body.matchAll(/(\w+)\s*:/g)].map((m) => m[1]);
}

const theme = readFileSync(join(SRC, 'components/ui/theme.ts'), 'utf8');
const CORE = new Set([...objectKeys(theme, 'CORE_RECIPES'), ...objectKeys(theme, 'CORE_SLOT_RECIPES')]);
const staffProvider = readFileSync(join(SRC, 'features/admin/staff-ui-provider.tsx'), 'utf8');
const STAFF = new Set([...objectKeys(staffProvider, 'STAFF_RECIPES'), ...objectKeys(staffProvider, 'STAFF_SLOT_RECIPES')]);

/** Components imported from '@chakra-ui/react' by a module. */
function chakraImports(source: string): string[] {
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0].trim())
      .filter(isComponentName),
  );
}

/** Recipe keys a module registers with `registerRecipes({ recipes: { key: … }, slotRecipes: { key: … } })`. */
function registeredKeys(source: string): Set<string> {
  const keys = new Set<string>();
  for (const call of source.matchAll(/registerRecipes\(\{([\s\S]*?)\}\);/g)) {
    for (const m of call[1].matchAll(/(\w+)\s*:\s*\w+Recipe\b/g)) keys.add(m[1]);
  }
  return keys;
}

const allModules = sourceFiles(SRC).map((path) => ({
  path: relative(SRC, path).replaceAll('\\', '/'),
  source: readFileSync(path, 'utf8'),
}));
const isStaff = (m: { path: string }) => STAFF_DIRS.some((dir) => m.path.startsWith(dir));
const modules = allModules.filter((m) => !isStaff(m));
const staffModules = allModules.filter(isStaff);

it('knows the recipes of every Chakra component the site imports', () => {
  const unknown = [...new Set(allModules.flatMap((m) => chakraImports(m.source)))].filter((name) => !(name in COMPONENT_RECIPES));
  expect(unknown).toEqual([]);
});

it('every public module registers the non-core recipes of the components it renders', () => {
  const missing = modules.flatMap((m) => {
    const needed = new Set(chakraImports(m.source).flatMap((name) => COMPONENT_RECIPES[name] ?? []));
    const registered = registeredKeys(m.source);
    return [...needed].filter((key) => !CORE.has(key) && !registered.has(key)).map((key) => `${m.path}: ${key}`);
  });
  expect(missing).toEqual([]);
});

it('the staff system has the recipes of every component the staff screens render', () => {
  const missing = staffModules.flatMap((m) =>
    [...new Set(chakraImports(m.source).flatMap((name) => COMPONENT_RECIPES[name] ?? []))]
      .filter((key) => !CORE.has(key) && !STAFF.has(key))
      .map((key) => `${m.path}: ${key}`),
  );
  expect(missing).toEqual([]);
});

it('the core recipes are few (the rest arrive with the code that renders them)', () => {
  expect(CORE.size).toBeLessThanOrEqual(12);
});
