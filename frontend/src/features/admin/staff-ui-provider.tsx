/**
 * The staff screens use many Chakra components the public pages do not, so they get the site's
 * system plus the recipes of those components (in the lazy staff chunk only; see
 * components/ui/theme.ts "Recipes") and an emerald palette. Using another Chakra component on a
 * staff screen? Add its recipe here (components/ui/recipes.test.ts fails until then). Recipes are
 * imported one by one: Chakra's `recipes`/`slotRecipes` collections would land every recipe in
 * the public pages' entry chunk.
 */
import { ChakraProvider, createSystem, defineConfig } from '@chakra-ui/react';
import { alertSlotRecipe } from '~chakra-theme/recipes/alert';
import { checkboxSlotRecipe } from '~chakra-theme/recipes/checkbox';
import { checkmarkRecipe } from '~chakra-theme/recipes/checkmark';
import { dialogSlotRecipe } from '~chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from '~chakra-theme/recipes/drawer';
import { fieldSlotRecipe } from '~chakra-theme/recipes/field';
import { fieldsetSlotRecipe } from '~chakra-theme/recipes/fieldset';
import { inputAddonRecipe } from '~chakra-theme/recipes/input-addon';
import { inputRecipe } from '~chakra-theme/recipes/input';
import { nativeSelectSlotRecipe } from '~chakra-theme/recipes/native-select';
import { progressSlotRecipe } from '~chakra-theme/recipes/progress';
import { separatorRecipe } from '~chakra-theme/recipes/separator';
import { statSlotRecipe } from '~chakra-theme/recipes/stat';
import { switchSlotRecipe } from '~chakra-theme/recipes/switch';
import { tableSlotRecipe } from '~chakra-theme/recipes/table';
import { tabsSlotRecipe } from '~chakra-theme/recipes/tabs';
import { textareaRecipe } from '~chakra-theme/recipes/textarea';
import type { ReactNode } from 'react';
import { semanticColors } from '~chakra-theme/semantic-tokens/colors';
import { colors } from '~chakra-theme/tokens/colors';
import { lightOnly, system } from '../../components/ui/theme';

/** Chakra palettes the staff screens use beyond the site's (status badges: contacted, proposal, paused, skipped). */
const STAFF_PALETTES = ['yellow', 'purple'] as const;
const pickPalettes = <T extends Record<string, unknown>>(tree: T) => Object.fromEntries(STAFF_PALETTES.map((p) => [p, tree[p]]));

/** Emerald (closed-won badges, staff-side.md §4): Chakra has no such palette, so the staff theme adds one. */
const EMERALD = {
  50: '#ecfdf5',
  100: '#d1fae5',
  200: '#a7f3d0',
  300: '#6ee7b7',
  400: '#34d399',
  500: '#10b981',
  600: '#059669',
  700: '#047857',
  800: '#065f46',
  900: '#064e3b',
  950: '#022c22',
};

/** Recipes of the staff screens' single-part components beyond the site's core recipes. */
const STAFF_RECIPES = {
  checkmark: checkmarkRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  separator: separatorRecipe,
  textarea: textareaRecipe,
};

/** Recipes of the staff screens' multi-part components beyond the site's core recipes. */
const STAFF_SLOT_RECIPES = {
  alert: alertSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
};

const staffSystem = createSystem(
  system._config,
  defineConfig({
    theme: {
      recipes: STAFF_RECIPES,
      slotRecipes: STAFF_SLOT_RECIPES,
      tokens: {
        colors: { ...pickPalettes(colors), emerald: Object.fromEntries(Object.entries(EMERALD).map(([k, v]) => [k, { value: v }])) },
      },
      semanticTokens: {
        colors: {
          ...lightOnly(pickPalettes(semanticColors)),
          emerald: {
            solid: { value: '{colors.emerald.600}' },
            contrast: { value: 'white' },
            fg: { value: '{colors.emerald.800}' },
            muted: { value: '{colors.emerald.200}' },
            subtle: { value: '{colors.emerald.100}' },
            emphasized: { value: '{colors.emerald.300}' },
            focusRing: { value: '{colors.emerald.500}' },
          },
        },
      },
    },
  }),
);

export function StaffUiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={staffSystem}>{children}</ChakraProvider>;
}
