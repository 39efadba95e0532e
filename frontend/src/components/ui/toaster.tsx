/**
 * Toasts (spec §9: at most 1 visible, default duration 5000 ms).
 *
 * `notify({ title, description, type })` may be called from anywhere (event handlers, the global
 * query error handler); `<Toaster />` sits once inside the app providers. The toast machinery
 * (toaster-region.tsx) is loaded with the first toast: until then `<Toaster />` renders nothing and
 * `notify()` keeps the newest request, which the region shows as soon as it has loaded.
 */
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { subscribeToToastRequests, toastRequested } from './toast-store';

export { notify, TOAST_DURATION_MS, type NotifyOptions } from './toast-store';

const ToasterRegion = lazy(() => import('./toaster-region'));

/** Mounts the toast region once a toast has been asked for (nothing on the server). */
export function Toaster() {
  const wanted = useSyncExternalStore(subscribeToToastRequests, toastRequested, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterRegion />
    </Suspense>
  ) : null;
}
