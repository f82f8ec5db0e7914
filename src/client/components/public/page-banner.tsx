import type { ReactNode } from 'react';

/** The gradient band that opens every inner page. */
export function PageBanner({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-amber-100 via-orange-50 to-sky-100 px-4 py-14 sm:py-20">
      <div aria-hidden="true" className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-amber-200/50" />
      <div aria-hidden="true" className="absolute -bottom-20 -left-10 h-48 w-48 rounded-full bg-sky-200/60" />
      <div className="relative mx-auto max-w-4xl text-center">
        {eyebrow && <p className="text-sm font-bold uppercase tracking-widest text-brand-700">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-black tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {children && <div className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-slate-700">{children}</div>}
      </div>
    </section>
  );
}
