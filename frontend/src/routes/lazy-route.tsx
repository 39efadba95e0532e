/**
 * Route components loaded on demand, each page in its own chunk (React Router declarative mode:
 * `useRoutes` + `React.lazy`; see README.md "Routing").
 *
 * A page that was preloaded (`preload()`: the prerenderer before it renders a page, the browser
 * entry before it hydrates one) renders synchronously, so the first client render matches the
 * prerendered markup. A page opened later suspends on `React.lazy` until its chunk arrives; the
 * router's navigations are transitions, so the previous page stays on screen meanwhile.
 */
import { lazy, useState, type ComponentType } from 'react';

/** What a page module's loader resolves to. */
export interface RouteModule {
  Component: ComponentType;
}

/** A route component with a way to load its chunk ahead of rendering. */
export interface LazyRouteComponent {
  (): React.JSX.Element;
  /** Loads the page's chunk (once; a failed load may be retried). */
  preload(): Promise<void>;
}

/**
 * Wraps a page loader (`() => import('../pages/site/x-page').then((m) => ({ Component: m.XPage }))`)
 * into a route component.
 */
export function lazyRoute(load: () => Promise<RouteModule>): LazyRouteComponent {
  let loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;

  const preload = (): Promise<void> => {
    pending ??= load().then(
      (m) => {
        loaded = m.Component;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };

  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType };
  });

  function RouteComponent() {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount it.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  RouteComponent.preload = preload;
  return RouteComponent;
}
