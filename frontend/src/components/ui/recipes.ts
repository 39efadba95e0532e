/**
 * Chakra recipes registered when the code that needs them loads (see theme.ts "Recipes").
 *
 * Call `registerRecipes()` at the top level of a module whose components render a Chakra
 * component that is not in the core recipes: the module is evaluated before any of its
 * components render, in the browser (lazy chunk) and in the prerenderer alike.
 *
 * The site's system reads its recipes from its configuration object when a component first
 * renders (`SystemContext._config.theme`), so a recipe added there before that render styles
 * it exactly as if it had been in the configuration from the start.
 */
import type { RecipeDefinition, SlotRecipeConfig } from '@chakra-ui/react';
import { system } from './theme';

/** Recipes to add, by the keys Chakra's components look them up with (`nativeSelect`, `dialog` …). */
export interface RecipeRegistration {
  recipes?: Record<string, RecipeDefinition>;
  slotRecipes?: Record<string, SlotRecipeConfig>;
}

/** Adds recipes to the site's Chakra system (a key already there keeps its recipe). */
export function registerRecipes({ recipes = {}, slotRecipes = {} }: RecipeRegistration): void {
  const theme = (system._config.theme ??= {});
  const registeredRecipes = (theme.recipes ??= {});
  const registeredSlotRecipes = (theme.slotRecipes ??= {});
  for (const [key, recipe] of Object.entries(recipes)) registeredRecipes[key] ??= recipe;
  for (const [key, recipe] of Object.entries(slotRecipes)) registeredSlotRecipes[key] ??= recipe;
}
