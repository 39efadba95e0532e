/**
 * `~chakra-system`: Chakra's styled-system module with `createSystemInSteps`, which the build adds
 * to it (build/chakra-transforms.ts `addCreateSystemInSteps`).
 */
declare module '~chakra-system' {
  import type { SystemConfig, SystemContext } from '@chakra-ui/react';

  /**
   * Chakra's `createSystem(...configs)`, made async: it awaits `yieldToBrowser()` before it starts,
   * after merging the configs, twice while building the token dictionary, after it and after
   * building the utilities, so that the work runs in six tasks rather than one. Resolves to the
   * same system `createSystem` returns.
   */
  export function createSystemInSteps(yieldToBrowser: () => Promise<void>, ...configs: SystemConfig[]): Promise<SystemContext>;
}
