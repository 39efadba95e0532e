/**
 * Whether the component renders after hydration: false on the server and during a hydration
 * render (of the page, or later of a deferred section, components/site/deferred-section.tsx),
 * true otherwise. React re-renders the component with `true` right after it hydrates.
 *
 * Use it to render what the prerendered HTML could not know (data fetched in the browser) only
 * once the markup has been hydrated, so hydration always matches the server's HTML.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
