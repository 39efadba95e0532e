/**
 * Hides the links of switched-off features (decisions.md §11): a page whose feature switch is
 * false (e.g. /calculator with `calculator_enabled` false) disappears from the navigation.
 */
import type { SiteSettingKey } from '@ironclad/contracts';
import { usePublicConfig } from '../../features/site-config/public-config';

/** Which feature switch each switchable page belongs to. */
export const FEATURE_OF_PATH: Readonly<Record<string, SiteSettingKey>> = {
  '/calculator': 'calculator_enabled',
  '/shopping': 'shopping_form_enabled',
};

/** Returns a predicate: is the link to `to` shown (its feature, if any, is on)? */
export function useIsLinkVisible(): (to: string) => boolean {
  const { features } = usePublicConfig();
  return (to) => {
    const feature = FEATURE_OF_PATH[to];
    return !feature || features[feature];
  };
}
