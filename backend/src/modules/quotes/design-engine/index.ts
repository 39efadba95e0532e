/**
 * Public surface of the AI security designer's design engine (decisions.md §10; public-site.md
 * §2, §3): {@link designSystem} (the recommended design), {@link designOptions} (Essential,
 * Recommended and Complete; issue 21 point 5), {@link coverageDiagram} (the per-floor SVG plan;
 * point 3) and the shapes and steps it is built from. The algorithm is
 * described in design-system.ts.
 */
export { designSystem } from './design-system.js';
export { COMPLETE_RETENTION_DAYS, designOptions } from './options.js';
export { DIAGRAM_WIDTH, coverageDiagram, escapeXml } from './diagram.js';
export { cameraOptics, layoutDesign } from './geometry.js';
export { normalizeDesignInput, splitList } from './normalise.js';
export { fitToTier, parseTierRange, tierRanges } from './placement.js';
export { CATEGORY_LABELS, formatInt } from './wording.js';
export type {
  DesignConfig,
  DesignInput,
  EngineInventoryItem,
  EnginePromotion,
  NormalizedDesignInput,
  TierKey,
  TierRange,
} from './types.js';
