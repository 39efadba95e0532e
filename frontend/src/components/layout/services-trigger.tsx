/**
 * What the Services dropdown's look-alike trigger (services-menu.tsx) and the loaded menu
 * (services-menu-panel.tsx) share: the trigger button and the loaded menu's props.
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { LucideChevronDown } from 'lucide-react';

/** Props of the loaded menu. */
export interface ServicesMenuPanelProps {
  /** The visitor pressed the trigger before the menu had loaded: open it now. */
  openOnMount: boolean;
  /** The look-alike trigger had the focus: give it to the menu's trigger. */
  focusOnMount: boolean;
}

/** The trigger button, shared by the look-alike and the real menu (same look, same label). */
export const ServicesTriggerButton = forwardRef<HTMLButtonElement, ButtonProps>(function ServicesTriggerButton(props, ref) {
  return (
    <Button ref={ref} variant="ghost" size="sm" px="1.5" gap="1" fontWeight="medium" color="fg" {...props}>
      Services <LucideChevronDown aria-hidden="true" />
    </Button>
  );
});
