// §9: five children walk across the scene, starting 0, 3, 6, 9 and 12 seconds apart. Drawn in CSS
// (styles.css `.scene-*`); it stands still for visitors who prefer reduced motion.
const CHILDREN = [
  { shirt: '#f97316', skin: '#fcd9b6', hair: '#451a03', delay: 0 },
  { shirt: '#3b82f6', skin: '#c68642', hair: '#1c1917', delay: 3 },
  { shirt: '#ec4899', skin: '#8d5524', hair: '#292524', delay: 6 },
  { shirt: '#22c55e', skin: '#f1c27d', hair: '#78350f', delay: 9 },
  { shirt: '#a855f7', skin: '#e0ac69', hair: '#1f2937', delay: 12 },
];

function Child({ shirt, skin, hair }: { shirt: string; skin: string; hair: string }) {
  return (
    <svg viewBox="0 0 40 80" width="40" height="80" focusable="false">
      <g className="scene-leg-a">
        <rect x="13" y="52" width="6" height="22" rx="3" fill="#1e3a8a" />
      </g>
      <g className="scene-leg-b">
        <rect x="21" y="52" width="6" height="22" rx="3" fill="#1e3a8a" />
      </g>
      <rect x="10" y="28" width="20" height="28" rx="8" fill={shirt} />
      <rect x="26" y="34" width="12" height="18" rx="3" fill="#facc15" />
      <circle cx="20" cy="18" r="11" fill={skin} />
      <path d="M9 16c1-8 7-11 11-11s10 3 11 11c-4-4-15-5-22 0Z" fill={hair} />
      <circle cx="24" cy="19" r="1.6" fill="#111827" />
    </svg>
  );
}

export function SchoolScene() {
  return (
    <div
      className="scene render-later relative h-64 overflow-hidden bg-gradient-to-b from-sky-200 to-sky-100 sm:h-72"
      aria-hidden="true"
    >
      <div className="scene-cloud absolute left-0 top-6 h-10 w-28 rounded-full bg-white/90" />
      <div className="scene-cloud scene-cloud-slow absolute left-0 top-16 h-8 w-20 rounded-full bg-white/80" />
      <div className="absolute right-8 top-6 h-14 w-14 rounded-full bg-yellow-300 shadow-[0_0_40px_rgba(253,224,71,0.8)]" />
      {/* The school */}
      <div className="absolute bottom-14 left-1/2 w-56 -translate-x-1/2 sm:w-72">
        <div className="mx-auto h-0 w-0 border-x-[7rem] border-b-[3.5rem] border-x-transparent border-b-red-400 sm:border-x-[9rem] sm:border-b-[4rem]" />
        <div className="relative h-28 rounded-b-lg bg-amber-100 ring-4 ring-amber-200 sm:h-32">
          <div className="absolute left-1/2 top-2 -translate-x-1/2 rounded bg-white px-2 text-xs font-black tracking-widest text-brand-700">
            SCHOOL
          </div>
          <div className="absolute bottom-0 left-1/2 h-14 w-10 -translate-x-1/2 rounded-t-full bg-amber-700" />
          <div className="absolute left-5 top-9 h-9 w-9 rounded bg-sky-300 ring-4 ring-white" />
          <div className="absolute right-5 top-9 h-9 w-9 rounded bg-sky-300 ring-4 ring-white" />
        </div>
      </div>
      <div className="absolute bottom-14 left-6 h-20 w-3 rounded bg-amber-800" />
      <div className="absolute bottom-28 left-0 h-16 w-16 rounded-full bg-green-500" />
      <div className="absolute bottom-0 h-16 w-full bg-gradient-to-b from-green-400 to-green-600" />
      <div className="absolute bottom-7 h-3 w-full bg-amber-200/80" />
      {CHILDREN.map((child, i) => (
        <div
          key={i}
          className="scene-child absolute bottom-8"
          style={{ animationDelay: `${child.delay}s`, ['--still-left' as string]: `${8 + i * 19}%` }}
        >
          <Child {...child} />
        </div>
      ))}
    </div>
  );
}
