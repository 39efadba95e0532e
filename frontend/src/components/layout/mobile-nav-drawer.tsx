/**
 * The small-screen menu button. The drawer it opens (mobile-nav-drawer-panel.tsx: Ark/Zag dialog,
 * focus trap) is loaded when the visitor reaches for the button (touch, pointer, focus) and shown
 * on the press, so phones do not download it before anyone opens the menu.
 */
import { IconButton } from '@chakra-ui/react';
import { useCallback, useRef, useState, type ComponentType, type RefObject } from 'react';
import { LucideMenu } from 'lucide-react';

/** Props of the loaded drawer. */
export interface MobileNavDrawerPanelProps {
  emergencyPhone: string;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The menu button, which gets the focus back when the drawer closes. */
  menuButton: RefObject<HTMLButtonElement | null>;
}

const loadPanel = () => import('./mobile-nav-drawer-panel').then((m) => m.MobileNavDrawerPanel);

/** The menu button and the drawer it opens. */
export function MobileNavDrawer({ emergencyPhone }: { emergencyPhone: string }) {
  const [Panel, setPanel] = useState<ComponentType<MobileNavDrawerPanelProps> | null>(null);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadPanel().then(
      (component) => setPanel(() => component),
      (err: unknown) => {
        loading.current = false;
        console.error('Could not load the navigation menu', err);
      },
    );
  }, []);

  return (
    <>
      <IconButton
        ref={menuButton}
        aria-label="Open navigation menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        size="md"
        hideFrom="xl"
        onPointerEnter={load}
        onTouchStart={load}
        onFocus={load}
        onClick={() => {
          load();
          setOpen(true);
        }}
      >
        <LucideMenu />
      </IconButton>
      {Panel ? <Panel emergencyPhone={emergencyPhone} open={open} setOpen={setOpen} menuButton={menuButton} /> : null}
    </>
  );
}
