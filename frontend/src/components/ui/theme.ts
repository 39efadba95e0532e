/**
 * The design system of the site: Chakra UI v3's base preset and default tokens, the company's
 * brand palette (deep navy) and accent (amber), global CSS for the sticky header offset and a
 * visible focus indicator.
 *
 * Recipes (bundle size): Chakra's `defaultConfig` registers the recipes of all ~80 components
 * (about 115 KB of minified JS). The system here starts with the recipes of the components that
 * render on the first screen of a page ({@link CORE_RECIPES}, {@link CORE_SLOT_RECIPES}); a module
 * that renders other components registers their recipes when it loads, with
 * `registerRecipes()` (./recipes.ts), so each recipe arrives with the code that needs it.
 * `frontend/src/components/ui/recipes.test.ts` fails when a module uses a component whose
 * recipe it neither finds here nor registers. Staff screens use a system with every recipe
 * (features/admin/staff-ui-provider.tsx).
 */
import { createSystem, createSystemInSteps, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
// Chakra's default theme, module by module (see vite.config.ts `~chakra-theme`): the same pieces
// `@chakra-ui/react/theme` assembles, without the re-exports of every recipe.
import { breakpoints } from '~chakra-theme/breakpoints';
import { globalCss } from '~chakra-theme/global-css';
import { layerStyles } from '~chakra-theme/layer-styles';
import { animationStyles } from '~chakra-theme/motion-styles';
import { badgeRecipe } from '~chakra-theme/recipes/badge';
import { buttonRecipe } from '~chakra-theme/recipes/button';
import { cardSlotRecipe } from '~chakra-theme/recipes/card';
import { containerRecipe } from '~chakra-theme/recipes/container';
import { headingRecipe } from '~chakra-theme/recipes/heading';
import { iconRecipe } from '~chakra-theme/recipes/icon';
import { linkRecipe } from '~chakra-theme/recipes/link';
import { listSlotRecipe } from '~chakra-theme/recipes/list';
import { skipNavLinkRecipe } from '~chakra-theme/recipes/skip-nav-link';
import { spinnerRecipe } from '~chakra-theme/recipes/spinner';
import { semanticColors } from '~chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '~chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '~chakra-theme/semantic-tokens/shadows';
import { textStyles } from '~chakra-theme/text-styles';
import { animations } from '~chakra-theme/tokens/animations';
import { aspectRatios } from '~chakra-theme/tokens/aspect-ratios';
import { blurs } from '~chakra-theme/tokens/blurs';
import { borders } from '~chakra-theme/tokens/borders';
import { colors } from '~chakra-theme/tokens/colors';
import { cursor } from '~chakra-theme/tokens/cursor';
import { durations } from '~chakra-theme/tokens/durations';
import { easings } from '~chakra-theme/tokens/easings';
import { fontSizes } from '~chakra-theme/tokens/font-sizes';
import { fontWeights } from '~chakra-theme/tokens/font-weights';
import { fonts } from '~chakra-theme/tokens/fonts';
import { keyframes } from '~chakra-theme/tokens/keyframes';
import { letterSpacings } from '~chakra-theme/tokens/letter-spacing';
import { lineHeights } from '~chakra-theme/tokens/line-heights';
import { radii } from '~chakra-theme/tokens/radius';
import { sizes } from '~chakra-theme/tokens/sizes';
import { spacing } from '~chakra-theme/tokens/spacing';
import { zIndices } from '~chakra-theme/tokens/z-indices';
import { yieldToBrowser } from '../../lib/yield-to-browser';
import { SECTIONS_LAID_OUT_ATTRIBUTE } from '../../lib/scroll';

/**
 * Chakra's colour palettes the public pages use (gray, red for emergencies and critical items,
 * orange/blue for quote priorities, green for confirmations). The others (yellow, teal, purple,
 * pink, cyan) are left out of the system: each one costs a block of CSS variables in every page's
 * HTML. Staff screens add what they use (features/admin/staff-ui-provider.tsx).
 */
export const SITE_PALETTES = ['gray', 'red', 'orange', 'green', 'blue'] as const;
const LEFT_OUT_PALETTES = new Set(['yellow', 'teal', 'purple', 'pink', 'cyan']);

type TokenTree = { [key: string]: TokenTree | unknown };

/** A token tree without the left-out palettes. */
function withoutLeftOutPalettes<T extends TokenTree>(tree: T): T {
  return Object.fromEntries(Object.entries(tree).filter(([key]) => !LEFT_OUT_PALETTES.has(key))) as T;
}

/**
 * The site has no dark mode: semantic tokens keep their light value only, so the HTML carries no
 * `.dark` variable blocks. `{ value: { _light, _dark } }` becomes `{ value: _light }`.
 */
export function lightOnly<T extends TokenTree>(tree: T): T {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => {
      if (key === 'value' && node && typeof node === 'object' && '_light' in node) return [key, (node as { _light: unknown })._light];
      return [key, node && typeof node === 'object' ? lightOnly(node as TokenTree) : node];
    }),
  ) as T;
}

/** Recipes of the single-part components of the first screen of every page. */
export const CORE_RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  link: linkRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
};

/** Recipes of the multi-part components of the first screen of every page. */
export const CORE_SLOT_RECIPES = {
  card: cardSlotRecipe,
  list: listSlotRecipe,
};

/** Chakra's default theme (tokens, text styles, animations, global CSS) with the core recipes. */
const defaultThemeSlice = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors: withoutLeftOutPalettes(colors),
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: {
      colors: lightOnly(withoutLeftOutPalettes(semanticColors)),
      shadows: lightOnly(semanticShadows),
      radii: semanticRadii,
    },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: CORE_RECIPES,
    slotRecipes: CORE_SLOT_RECIPES,
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
    // The below-the-fold sections (deferred-section.tsx) are rendered (style, layout, paint) only
    // near the viewport: the prerendered page's first style and layout pass covered every section
    // of the page, 190 ms of one task on a slow 2-core host (×4 in Lighthouse's phone simulation),
    // and now covers the first screen's. Their text stays in the page, the accessibility tree and
    // find-in-page; `auto` keeps each section's last rendered height once it has been seen, so the
    // page does not jump when scrolling back. No section's content is positioned fixed or overflows
    // it (the containment would clip or anchor it), menus and dialogs use portals. A scroll to a
    // computed position (a section further down, a restored offset) lays them all out first
    // (lib/scroll.ts layOutAllSections), so it lands where it should.
    [`html:not([${SECTIONS_LAID_OUT_ATTRIBUTE}]) [data-deferred-section] > *`]: {
      contentVisibility: 'auto',
      containIntrinsicSize: 'auto 800px',
    },
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
        // Form error texts (Chakra's Field.ErrorText): Chakra's red.500 is 3.76:1 on white, under
        // the 4.5:1 WCAG AA asks of small text; red.700 is 6.5:1.
        fg: { error: { value: '{colors.red.700}' } },
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

/**
 * The Chakra system passed to `<ChakraProvider value={system}>`.
 *
 * In the browser it is built in six tasks (`createSystemInSteps`, added to Chakra by
 * patches/@chakra-ui+react+3.37.0.patch): built at once, it is the longest task of the boot of
 * every page. This module therefore finishes evaluating (top-level await) a few tasks after it
 * starts; the modules that import it wait for it. The server renderer builds it at once.
 */
export const system: SystemContext = import.meta.env.SSR
  ? createSystem(defaultBaseConfig, defaultThemeSlice, brandConfig)
  : await createSystemInSteps(yieldToBrowser, defaultBaseConfig, defaultThemeSlice, brandConfig);
