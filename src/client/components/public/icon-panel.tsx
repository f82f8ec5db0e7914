import { Icon, type IconData } from './icon.tsx';

/** A decorative picture panel: a big icon on a soft gradient with floating shapes. */
export function IconPanel({ icon, gradient, className = '' }: { icon: IconData; gradient: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-[2.5rem] bg-gradient-to-br shadow-xl ${gradient} ${className}`}
    >
      <span className="absolute left-6 top-6 h-16 w-16 rounded-full bg-white/40" />
      <span className="absolute bottom-8 right-10 h-24 w-24 rotate-12 rounded-3xl bg-white/30" />
      <span className="absolute right-8 top-10 h-6 w-6 rounded-full bg-white/60" />
      <span className="relative inline-flex h-40 w-40 items-center justify-center rounded-full bg-white/70 shadow-lg sm:h-48 sm:w-48">
        <Icon icon={icon} className="h-20 w-20 text-slate-800 sm:h-24 sm:w-24" strokeWidth={1.6} />
      </span>
    </div>
  );
}
