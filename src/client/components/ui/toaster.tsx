import { useSyncExternalStore, type CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/** Sonner's rich colours with darker text, so every toast passes WCAG AA contrast (4.5:1). */
const COLOURS = {
  '--width': '350px',
  '--success-text': '#166534',
  '--error-text': '#991b1b',
  '--info-text': '#1e3a8a',
  '--warning-text': '#92400e',
} as CSSProperties;

/** Where sonner lays toasts out across the whole width (its own breakpoint). */
const PHONE = '(max-width: 600px)';
let phoneQuery: MediaQueryList | undefined;
const phoneWidth = () => (phoneQuery ??= window.matchMedia(PHONE));
const subscribe = (change: () => void) => {
  phoneWidth().addEventListener('change', change);
  return () => phoneWidth().removeEventListener('change', change);
};
const isPhone = () => phoneWidth().matches;

/**
 * §9: at most 20 toasts, 350 px wide. Messages come from `toast.success/error` (sonner). On a phone
 * they drop from just under the sticky top bar (64 px): at the bottom they sat over a form's
 * Cancel / Create buttons, the actions just tapped; under the bar they cover no button of the bar.
 */
export function Toaster() {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <Sonner
      visibleToasts={20}
      richColors
      closeButton
      position={phone ? 'top-center' : 'bottom-right'}
      mobileOffset={{ top: 72, left: 16, right: 16 }}
      style={COLOURS}
    />
  );
}
