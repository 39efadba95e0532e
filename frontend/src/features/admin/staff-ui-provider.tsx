/**
 * The staff screens use a few Chakra components the marketing site does not (tabs, table,
 * dialog), so they get the site's system plus those recipes in a nested provider that lives only
 * in the lazy admin chunk (see components/ui/theme.ts: the marketing bundle registers only the
 * recipes it uses). Using another Chakra component on a staff screen? Add its recipe here.
 */
import { ChakraProvider, createSystem, defineConfig } from '@chakra-ui/react';
import { dialogSlotRecipe, tableSlotRecipe, tabsSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { system } from '../../components/ui/theme';

/** Emerald (closed-won badges, staff-side.md §4): Chakra has no such palette, so the staff theme adds one. */
const EMERALD = { 50: '#ecfdf5', 100: '#d1fae5', 200: '#a7f3d0', 300: '#6ee7b7', 400: '#34d399', 500: '#10b981', 600: '#059669', 700: '#047857', 800: '#065f46', 900: '#064e3b', 950: '#022c22' };

const staffSystem = createSystem(
  system._config,
  defineConfig({
    theme: {
      slotRecipes: { tabs: tabsSlotRecipe, table: tableSlotRecipe, dialog: dialogSlotRecipe },
      tokens: { colors: { emerald: Object.fromEntries(Object.entries(EMERALD).map(([k, v]) => [k, { value: v }])) } },
      semanticTokens: {
        colors: {
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
