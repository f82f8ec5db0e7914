import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/** Sonner's rich colours with darker text, so every toast passes WCAG AA contrast (4.5:1). */
const COLOURS = {
  '--width': '350px',
  '--success-text': '#166534',
  '--error-text': '#991b1b',
  '--info-text': '#1e3a8a',
  '--warning-text': '#92400e',
} as CSSProperties;

/** §9: at most 20 toasts, 350 px wide. Messages come from `toast.success/error` (sonner). */
export function Toaster() {
  return <Sonner visibleToasts={20} richColors closeButton position="bottom-right" style={COLOURS} />;
}
