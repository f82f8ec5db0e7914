import { Monitor, Smartphone } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Dialog } from '#client/components/ui/dialog.tsx';

const WIDTHS = { phone: 375, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The real page, drawn by the server with the draft applied, in a frame at a phone's width (375 px)
 * or a desktop's (1280 px), scaled down to fit the dialog.
 */
export function PreviewDialog({
  open,
  onClose,
  src,
  pageTitle,
}: {
  open: boolean;
  onClose: () => void;
  /** The preview's address, which changes with each saved draft (the frame loads it again). */
  src: string;
  pageTitle: string;
}) {
  const [width, setWidth] = useState<Width>('phone');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={`Preview: ${pageTitle}`} width="max-w-6xl">
      <p className="-mt-2 mb-3 text-sm text-slate-600">
        The page as parents will see it once you publish. Parents do not see the draft before then.
      </p>
      <div role="group" aria-label="Width of the preview" className="mb-3 inline-flex rounded-lg border border-slate-300 p-0.5">
        {(['phone', 'desktop'] as const).map((w) => {
          const Icon = w === 'phone' ? Smartphone : Monitor;
          return (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className={`inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-semibold ${
                width === w ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
              }`}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {w === 'phone' ? 'Phone' : 'Desktop'} ({WIDTHS[w]} px)
            </button>
          );
        })}
      </div>
      <ScaledFrame
        src={src}
        width={WIDTHS[width]}
        title={`${pageTitle} with the draft, at ${width} width (${WIDTHS[width]} px)`}
      />
    </Dialog>
  );
}

/** An iframe `width` px wide, scaled down to the box it is in, filling its height. */
function ScaledFrame({ src, width, title }: { src: string; width: number; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = size.width ? Math.min(1, size.width / width) : 1;
  return (
    <div ref={box} className="relative h-[65vh] overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      {size.width > 0 && (
        <iframe
          src={src}
          title={title}
          data-preview-width={width}
          style={{
            width,
            height: size.height / scale,
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
            left: Math.max(0, (size.width - width * scale) / 2),
          }}
          className="absolute top-0 border-0 bg-white"
        />
      )}
    </div>
  );
}
