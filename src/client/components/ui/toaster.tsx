import { Toaster as Sonner } from 'sonner';

/** §9: at most 20 toasts, 350 px wide. Messages come from `toast.success/error` (sonner). */
export function Toaster() {
  return <Sonner visibleToasts={20} richColors closeButton position="top-right" style={{ '--width': '350px' } as React.CSSProperties} />;
}
