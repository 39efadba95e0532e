/**
 * The toast request store shared by `notify()` (toaster.tsx, loaded with every page) and the toast
 * region (toaster-region.tsx, loaded with the first toast): until the region has loaded it keeps
 * the newest request; then it hands every request to the region.
 */

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

/** Subscribes to the first toast request (for `useSyncExternalStore`); returns the unsubscribe. */
export const subscribeToToastRequests = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a toast was ever asked for. */
export const toastRequested = () => requested;
