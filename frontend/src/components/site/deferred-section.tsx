/**
 * Below-the-fold page sections whose code loads (and which hydrate) only when the visitor gets
 * near them: progressive hydration, as Astro's `client:visible` or Angular's
 * `@defer (hydrate on viewport)` do it, built on React's selective hydration.
 *
 * - Prerendering (`preloadDeferredSections()` before rendering): every section renders in full,
 *   so the HTML holds the whole page (readable without JavaScript, indexable).
 * - Hydrating a prerendered page: the section sits in a Suspense boundary that stays dehydrated
 *   (React keeps the server HTML as it is, visible and readable) until, once the visitor has
 *   started to use the page (scroll, key, pointer press, touch), the section comes within
 *   {@link NEAR_MARGIN} of the viewport; or until the visitor points at, touches, focuses or clicks
 *   something in it. Then its chunk loads and React hydrates it. A page nobody touches hydrates
 *   only its first screen's own components (the navigation, the hero).
 * - Rendering on the client without server HTML (client-side navigation): the chunk loads at once.
 *
 * Event replay (as Angular's incremental hydration does): a click on a control of a section that
 * is not hydrated yet (button, link, tab, checkbox, label) is held, the section is loaded at once,
 * and the held clicks are dispatched again, in order, on the same elements once the section has
 * hydrated, so they reach the section's handlers. A toggle, tab or slide control shows its effect
 * at once, while its click is held (instant-controls.ts). Forms keep their submit button disabled until hydrated, so
 * visitor data never goes out in a native GET submission.
 *
 * A deferred section renders inside a TanStack Query provider (app/query-provider.tsx), loaded
 * with it. The wrapper element carries `data-deferred-section="{name}"` and, once hydrated,
 * `data-hydrated` (browser tests wait for it as they wait for `<html data-hydrated>`).
 */
import { Suspense, createElement, use, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { ENGAGEMENT_EVENTS, HELD_CONTROLS, MAX_HELD_CLICKS, engagedBeforeBoot, isPlainClick } from '../../app/early-input';
import { applyInstantControl } from './instant-controls';

/** How far outside the viewport a section starts loading: about a phone screen ahead. */
export const NEAR_MARGIN = '800px 0px';

/** Controls whose click is replayed: links too, whose handlers in a section (client-side navigation, analytics events) run once it has hydrated. */
const REPLAYED_CONTROLS = `a[href], ${HELD_CONTROLS}`;

/** A section waiting to hydrate: load it now; hold a click for replay (showing its effect when it can). */
interface Waiting {
  start: () => void;
  hold: (control: HTMLElement) => void;
}

/** Whether the visitor has started to use the page (then sections near the viewport load). */
let engaged = false;
let listeningForEngagement = false;
const onEngaged = new Set<() => void>();

/** Runs `callback` once the visitor has scrolled, pressed a key or a pointer, or touched the page. */
function whenEngaged(callback: () => void): () => void {
  // A scroll or press made before the app booted counts (the visitor may have scrolled to the
  // section already, and scroll no more).
  if (!engaged && engagedBeforeBoot()) engaged = true;
  if (engaged) {
    callback();
    return () => undefined;
  }
  onEngaged.add(callback);
  if (!listeningForEngagement) {
    listeningForEngagement = true;
    const engage = () => {
      engaged = true;
      for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, engage, { capture: true });
      for (const run of [...onEngaged]) run();
      onEngaged.clear();
    };
    for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, engage, { capture: true, passive: true });
  }
  return () => onEngaged.delete(callback);
}

/** The prerendered sections not hydrated yet, by wrapper element. */
const waiting = new Map<Element, Waiting>();
let listening = false;

/**
 * Installs the document-level listeners once. They must run before React's own listeners on the
 * root container: React stops the propagation of a discrete event (click, pointerdown, focusin)
 * aimed at a section it cannot hydrate yet, so listeners below the root never see it.
 */
function listenForIntent(): void {
  if (listening) return;
  listening = true;
  const waitingAt = (target: EventTarget | null): Waiting | undefined => {
    const el = target instanceof Element ? target.closest('[data-deferred-section]') : null;
    return el ? waiting.get(el) : undefined;
  };
  for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const) {
    document.addEventListener(type, (event) => waitingAt(event.target)?.start(), { capture: true, passive: true });
  }
  document.addEventListener(
    'click',
    (event) => {
      const section = waitingAt(event.target);
      if (!section) return;
      // New tab, new window, download: the browser's own business.
      if (!isPlainClick(event)) return;
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(REPLAYED_CONTROLS) : null;
      if (!control) return;
      event.preventDefault();
      event.stopPropagation();
      section.hold(control);
    },
    { capture: true },
  );
}

/** Every deferred section, so the prerenderer can load them all before rendering. */
const registry: Array<() => Promise<void>> = [];

/** A deferred section component, with a way to load its chunk ahead of rendering. */
export interface DeferredSectionComponent<P extends object> {
  (props: P): React.JSX.Element;
  /** Loads the section's chunk (once; a failed load may be retried). */
  preload(): Promise<void>;
}

/**
 * Wraps a section loader (`() => import('./x-section').then((m) => m.XSection)`) into a component
 * that renders the section where it stands, deferred as described above. `name` labels the
 * wrapper element (`data-deferred-section`), for debugging and tests.
 */
export function deferredSection<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  options: {
    /** Load at once even over server HTML (e.g. the HTML is a loading state that only the code can fill). */
    loadAtOnce?: () => boolean;
  } = {},
): DeferredSectionComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  let markReady!: () => void;
  /** Settles once the chunk is loaded; the suspended boundary waits on it. */
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const preload = (): Promise<void> => {
    // With the query provider: sections below the first screen may use TanStack Query, which
    // loads with them rather than with the page (app/query-provider.tsx).
    loading ??= Promise.all([load(), import('../../app/query-provider')]).then(
      ([component, { withQueryProvider }]) => {
        loaded = withQueryProvider(component);
        markReady();
      },
      (err: unknown) => {
        loading = null;
        console.error(`Could not load the ${name} section`, err);
        throw err;
      },
    );
    return loading;
  };
  registry.push(preload);

  /**
   * Renders the section once loaded (suspends until then); reports when it has committed. The
   * effect hook comes before `use`: when the chunk arrives while React is still rendering, React
   * replays the suspended component with its update dispatcher, and a hook first met after the
   * `use` would then have no slot ("Update hook called on initial render", #467, surfacing as a
   * recoverable hydration error #422 that throws the section's server HTML away).
   */
  function Gate({ sectionProps, onHydrated }: { sectionProps: P; onHydrated: () => void }) {
    useEffect(onHydrated, [onHydrated]);
    if (!loaded) use(ready);
    return createElement(loaded as ComponentType<P>, sectionProps);
  }

  function DeferredSection(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    const [hydrated, setHydrated] = useState(false);
    /** The controls clicked before hydration, in order, clicked again after it. */
    const heldClicks = useRef<HTMLElement[]>([]);
    const isHydrated = useRef(false);
    const committed = useRef(false);
    useEffect(() => {
      committed.current = true;
    }, []);
    // An update reaching a section that is still waiting (a navigation re-renders the layout
    // around the footer; a context above it changes): React must hydrate the section before it
    // can apply the update, and the whole update waits for it, so the old page would stay on
    // screen until the visitor happened to near the section. Load it now. (Idempotent; never
    // during the first, hydrating render, which is what keeps the section deferred.)
    if (committed.current && !loaded) void preload().catch(() => undefined);

    const onHydrated = useCallback(() => {
      isHydrated.current = true;
      if (wrapper.current) waiting.delete(wrapper.current);
      setHydrated(true);
      const held = heldClicks.current.splice(0);
      for (const target of held) if (target.isConnected) target.click();
    }, []);

    useEffect(() => {
      const el = wrapper.current;
      // Once hydrated (or rendered on the client), nothing to watch or hold any more.
      if (!el || hydrated || isHydrated.current) return;
      const start = () => void preload().catch(() => undefined);
      // No server HTML inside: a client render (navigation), so nothing to wait for.
      if (!el.firstChild || options.loadAtOnce?.()) {
        start();
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) start();
        },
        { rootMargin: NEAR_MARGIN },
      );
      const stopWaiting = whenEngaged(() => observer.observe(el));
      waiting.set(el, {
        start,
        hold: (control) => {
          // A toggle, tab or slide control shows its effect now; the replayed click gives it to React.
          applyInstantControl(el, control);
          if (heldClicks.current.length < MAX_HELD_CLICKS) heldClicks.current.push(control);
          start();
        },
      });
      listenForIntent();
      return () => {
        stopWaiting();
        observer.disconnect();
        waiting.delete(el);
      };
    }, [hydrated]);

    return (
      <div ref={wrapper} data-deferred-section={name} data-hydrated={hydrated ? '' : undefined}>
        <Suspense fallback={null}>
          <Gate sectionProps={props} onHydrated={onHydrated} />
        </Suspense>
      </div>
    );
  }
  DeferredSection.preload = preload;
  return DeferredSection;
}

/** Loads every deferred section (the prerenderer, before it renders a page). */
export async function preloadDeferredSections(): Promise<void> {
  await Promise.all(registry.map((preload) => preload()));
}
