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

const staffSystem = createSystem(system._config, defineConfig({ theme: { slotRecipes: { tabs: tabsSlotRecipe, table: tableSlotRecipe, dialog: dialogSlotRecipe } } }));

export function StaffUiProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={staffSystem}>{children}</ChakraProvider>;
}
