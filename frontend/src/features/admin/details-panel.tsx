/**
 * Where a selected record's details show (issue 22 point 10): beside the list from Chakra's `lg`
 * (992 px), and below it as a full-screen panel (a modal dialog, Escape or Close to go back to the
 * list) so that a phone does not have to scroll past the whole list to reach them.
 */
import { Box, Button, Dialog, Portal, useMediaQuery } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * `title`: the panel's accessible name (the record's name); `open`: whether a record is selected;
 * `onClose`: unselects it (the full-screen panel's Close); `placeholder`: shown beside the list
 * while nothing is selected.
 */
export function DetailsPanel({
  title,
  open,
  onClose,
  placeholder,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const [wide] = useMediaQuery(['(min-width: 62em)'], { fallback: [true] });
  if (wide) return <Box>{open ? children : placeholder}</Box>;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open) onClose();
      }}
      size="full"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label={title}>
            <Dialog.Header>
              <Dialog.CloseTrigger asChild position="static">
                <Button variant="outline" size="sm">
                  ← Back to the list
                </Button>
              </Dialog.CloseTrigger>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
