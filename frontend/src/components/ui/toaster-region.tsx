/**
 * The toast region: Chakra's toaster (Ark/Zag toast machine), loaded with the first toast so the
 * marketing pages do not download it up front (see toaster.tsx). Toasts are announced to
 * assistive technology by the Ark/Zag toast region.
 */
import { Toaster as ChakraToaster, Portal, Stack, Toast, createToaster } from '@chakra-ui/react';
import { toastSlotRecipe } from '~chakra-theme/recipes/toast';
import { TOAST_DURATION_MS, connectToasterRegion, type NotifyOptions } from './toast-store';
import { registerRecipes } from './recipes';

registerRecipes({ slotRecipes: { toast: toastSlotRecipe } });

/**
 * The single toast store of the app (spec §9: at most 1 visible, 5000 ms). Below the page's top
 * bar (offset 4.5rem), never over it: on a phone a toast in the corner covered the menu button,
 * and a finger resting there paused the toast, so the menu could not be reached until it moved.
 */
const toaster = createToaster({
  placement: 'top-end',
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
  max: 1,
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

/** Shows a toast, replacing the one on screen (the newest wins instead of queueing behind it). */
function show({ title, description, type = 'info' }: NotifyOptions): void {
  toaster.remove();
  toaster.create({ title, description, type });
}

// Takes over delivery from `notify()` as soon as this module loads: the toast asked for before
// goes into the store now, and the toaster's machine shows the store's toasts when it starts (a
// toast created after the component mounted but before the machine subscribed would be missed).
connectToasterRegion(show);

/** Renders the toasts of the store in a portal. */
export default function ToasterRegion() {
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
