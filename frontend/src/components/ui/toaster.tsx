/**
 * Toasts (spec §9: at most 1 visible, default duration 5000 ms).
 *
 * `notify({ title, description, type })` may be called from anywhere (event handlers,
 * the global query error handler); `<Toaster />` renders them once, inside the app providers.
 * Toasts are announced to assistive technology by the underlying Ark/Zag toast region.
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';

/** Default time a toast stays on screen (spec §9). */
export const TOAST_DURATION_MS = 5000;

/** The single toast store of the app. */
export const toaster = createToaster({
  placement: 'top-end',
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

/** Options of {@link notify}. */
export interface NotifyOptions {
  title: string;
  description?: string;
  type?: 'success' | 'error' | 'info' | 'warning';
}

/**
 * Shows a toast, replacing the one on screen (spec §9: at most one visible; the newest wins
 * instead of waiting in a queue behind the previous one).
 */
export function notify({ title, description, type = 'info' }: NotifyOptions): string {
  toaster.remove();
  return toaster.create({ title, description, type });
}

/** Renders the toasts of `toaster` in a portal (nothing on the server). */
export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable !== false && <Toast.CloseTrigger aria-label="Dismiss notification" />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
