/**
 * The desktop 'Services' dropdown's first form: a button that looks like the menu's trigger.
 * The menu itself (Ark/Zag menu and Floating UI, services-menu-panel.tsx) is loaded when the
 * visitor shows intent (pointer over, focus, press), so a page does not download it before
 * anyone opens it. A press made before it has loaded opens it once it has.
 */
import { useCallback, useRef, useState, type ComponentType } from 'react';
import { ServicesTriggerButton, type ServicesMenuPanelProps } from './services-trigger';

const loadPanel = () => import('./services-menu-panel').then((m) => m.ServicesMenuPanel);

/** Keys that open a menu from its trigger (WAI-ARIA menu button pattern). */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** The Services dropdown of the desktop navigation. */
export function ServicesMenu() {
  const [Panel, setPanel] = useState<ComponentType<ServicesMenuPanelProps> | null>(null);
  const [openOnMount, setOpenOnMount] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);
  const hadFocus = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadPanel().then(
      (component) => {
        hadFocus.current = document.activeElement === button.current;
        setPanel(() => component);
      },
      (err: unknown) => {
        loading.current = false;
        console.error('Could not load the Services menu', err);
      },
    );
  }, []);

  if (Panel) return <Panel openOnMount={openOnMount} focusOnMount={hadFocus.current} />;
  return (
    <ServicesTriggerButton
      ref={button}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setOpenOnMount(true);
        load();
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        setOpenOnMount(true);
        load();
      }}
    />
  );
}
