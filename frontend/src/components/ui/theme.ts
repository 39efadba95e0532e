/**
 * The design system of the site: Chakra UI v3's base preset and default tokens, the company's
 * brand palette (deep navy) and accent (amber), global CSS for the sticky header offset and a
 * visible focus indicator.
 *
 * Bundle size: Chakra's `defaultConfig` registers the recipes of all ~80 components (about
 * 115 KB of minified JS). The marketing site registers only the recipes of the components it
 * uses, listed in `RECIPES` / `SLOT_RECIPES` below. **When you use another Chakra component,
 * add its recipe here** (the names are those of `@chakra-ui/react/theme`), otherwise it renders
 * unstyled. A staff-only screen that needs many more components can wrap itself in a nested
 * `<ChakraProvider value={createSystem(defaultConfig, brandConfig)}>` inside its lazy chunk.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dialogSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  textareaRecipe,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** Recipes of the single-part components the site uses. */
const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

/** Recipes of the multi-part components the site uses. */
const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

/** Chakra's default theme (tokens, text styles, animations, global CSS) with a slice of its recipes. */
const defaultThemeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: RECIPES,
    slotRecipes: SLOT_RECIPES,
  },
});

/** Height of the sticky top navigation (spec §9: "nav bar height 16 units"). */
export const NAV_HEIGHT = '16';

/** The company's brand on top of Chakra's theme. */
export const brandConfig = defineConfig({
  globalCss: {
    // In-page targets (anchors, scrollIntoView) must not hide under the sticky navigation.
    html: { scrollPaddingTop: '4.5rem' },
    body: { bg: 'bg', color: 'fg' },
    // Elements focused programmatically after an in-page scroll (tabIndex -1) need no ring.
    '[tabindex="-1"]:focus': { outline: 'none' },
    // A visible focus indicator for every keyboard-focusable element without its own ring.
    ':focus-visible': { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef4fb' },
          100: { value: '#d5e3f4' },
          200: { value: '#aac6e8' },
          300: { value: '#74a1d6' },
          400: { value: '#4479bf' },
          500: { value: '#285ea3' },
          600: { value: '#1d4a85' },
          700: { value: '#173b6b' },
          800: { value: '#0f2a4a' },
          900: { value: '#0a1d34' },
          950: { value: '#06111f' },
        },
        accent: {
          50: { value: '#fff8e1' },
          100: { value: '#ffecb3' },
          200: { value: '#ffdf80' },
          300: { value: '#ffd24d' },
          400: { value: '#ffc626' },
          500: { value: '#f5b301' },
          600: { value: '#d99a00' },
          700: { value: '#b37f00' },
          800: { value: '#8c6300' },
          900: { value: '#664800' },
          950: { value: '#402d00' },
        },
      },
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        accent: {
          solid: { value: '{colors.accent.500}' },
          contrast: { value: '{colors.brand.950}' },
          fg: { value: '{colors.accent.800}' },
          muted: { value: '{colors.accent.100}' },
          subtle: { value: '{colors.accent.50}' },
          emphasized: { value: '{colors.accent.200}' },
          focusRing: { value: '{colors.accent.600}' },
        },
      },
    },
  },
});

/** The Chakra system passed to `<ChakraProvider value={system}>`. */
export const system = createSystem(defaultBaseConfig, defaultThemeSlice, brandConfig);
