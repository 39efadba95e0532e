/**
 * Toasts (spec §9: at most 1 visible, default duration 5000 ms).
 *
 * `notify({ title, description, type })` may be called from anywhere (event handlers, the global
 * query error handler); `<Toaster />` sits once inside the app providers. The toast machinery
 * (toaster-region.tsx) is loaded with the first toast: until then `<Toaster />` renders nothing and
 * `notify()` keeps the newest request, which the region shows as soon as it has loaded.
 */
import { Suspense, lazy, useSyncExternalStore } from 'react';

/** Default time a toast stays on screen (spec §9). */
export const TOAST_DURATION_MS = 5000;

/** Options of {@link notify}. */
export interface NotifyOptions {
  title: string;
  description?: string;
  type?: 'success' | 'error' | 'info' | 'warning';
}

/** Shows a toast (set when the region's module has loaded), or null before. */
let deliver: ((options: NotifyOptions) => void) | null = null;
/** The newest toast asked for before the region was mounted (only the newest is ever shown). */
let pending: NotifyOptions | null = null;
/** Whether a toast was ever asked for (then `<Toaster />` mounts the region). */
let requested = false;
const listeners = new Set<() => void>();

/** Shows a toast, replacing the one on screen (spec §9: at most one visible; the newest wins). */
export function notify(options: NotifyOptions): void {
  if (deliver) {
    deliver(options);
    return;
  }
  pending = options;
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/**
 * Called by the toast region's module when it loads, with its `show` function: it shows the
 * pending toast, then every later one.
 */
export function connectToasterRegion(show: (options: NotifyOptions) => void): void {
  deliver = show;
  if (pending) {
    show(pending);
    pending = null;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const ToasterRegion = lazy(() => import('./toaster-region'));

/** Mounts the toast region once a toast has been asked for (nothing on the server). */
export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  ) : null;
}
