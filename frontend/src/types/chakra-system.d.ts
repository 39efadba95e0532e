/**
 * `~chakra-system`: Chakra's styled-system module with `createSystemInSteps`, which the build adds
 * to it (vite.config.ts `chakraSystemInSteps`).
 */
declare module '~chakra-system' {
  import type { SystemConfig, SystemContext } from '@chakra-ui/react';

  /**
   * Chakra's `createSystem(...configs)`, made async: it awaits `yieldToBrowser()` after merging the
   * configs, after building the token dictionary and after building the utilities, so that the
   * work runs in four tasks rather than one. Resolves to the same system `createSystem` returns.
   */
  export function createSystemInSteps(yieldToBrowser: () => Promise<void>, ...configs: SystemConfig[]): Promise<SystemContext>;
}
