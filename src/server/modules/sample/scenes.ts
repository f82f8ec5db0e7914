/**
 * Simple, colourful preschool illustrations drawn as SVG (rendered to PNG with sharp by the
 * sample content). Nothing is downloaded. 1600 x 1000 each.
 */
const W = 1600;
const H = 1000;

const sun = (x: number, y: number, r: number) => {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const [x1, y1, x2, y2] = [
      x + Math.cos(a) * r * 1.25,
      y + Math.sin(a) * r * 1.25,
      x + Math.cos(a) * r * 1.6,
      y + Math.sin(a) * r * 1.6,
    ];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#fbbf24" stroke-width="14" stroke-linecap="round"/>`;
  }).join('');
  return `${rays}<circle cx="${x}" cy="${y}" r="${r}" fill="#fcd34d"/><circle cx="${x - r * 0.3}" cy="${y - r * 0.1}" r="${r * 0.08}" fill="#78350f"/><circle cx="${x + r * 0.3}" cy="${y - r * 0.1}" r="${r * 0.08}" fill="#78350f"/><path d="M ${x - r * 0.35} ${y + r * 0.25} Q ${x} ${y + r * 0.6} ${x + r * 0.35} ${y + r * 0.25}" stroke="#78350f" stroke-width="8" fill="none" stroke-linecap="round"/>`;
};

const cloud = (x: number, y: number, s: number) =>
  `<g fill="#ffffff" opacity="0.95"><ellipse cx="${x}" cy="${y}" rx="${90 * s}" ry="${45 * s}"/><circle cx="${x - 40 * s}" cy="${y - 30 * s}" r="${45 * s}"/><circle cx="${x + 30 * s}" cy="${y - 40 * s}" r="${55 * s}"/></g>`;

const tree = (x: number, y: number, s: number, leaf = '#22c55e') =>
  `<rect x="${x - 18 * s}" y="${y - 150 * s}" width="${36 * s}" height="${150 * s}" rx="8" fill="#92400e"/><circle cx="${x}" cy="${y - 200 * s}" r="${90 * s}" fill="${leaf}"/><circle cx="${x - 60 * s}" cy="${y - 150 * s}" r="${60 * s}" fill="${leaf}"/><circle cx="${x + 60 * s}" cy="${y - 150 * s}" r="${60 * s}" fill="${leaf}"/><circle cx="${x - 25 * s}" cy="${y - 215 * s}" r="${12 * s}" fill="#ef4444"/><circle cx="${x + 35 * s}" cy="${y - 170 * s}" r="${12 * s}" fill="#ef4444"/>`;

const block = (x: number, y: number, size: number, color: string, letter: string) =>
  `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${size * 0.12}" fill="${color}" stroke="#00000022" stroke-width="6"/><text x="${x + size / 2}" y="${y + size * 0.72}" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size * 0.62}" text-anchor="middle" fill="#ffffff">${letter}</text>`;

const balloon = (x: number, y: number, color: string, s = 1) =>
  `<path d="M ${x} ${y + 95 * s} q -25 60 10 120 q 30 60 -5 130" stroke="#64748b" stroke-width="4" fill="none"/><ellipse cx="${x}" cy="${y}" rx="${70 * s}" ry="${90 * s}" fill="${color}"/><ellipse cx="${x - 25 * s}" cy="${y - 35 * s}" rx="${14 * s}" ry="${24 * s}" fill="#ffffff" opacity="0.45"/><path d="M ${x - 10 * s} ${y + 88 * s} L ${x + 10 * s} ${y + 88 * s} L ${x} ${y + 102 * s} Z" fill="${color}"/>`;

const flower = (x: number, y: number, color: string, s = 1) =>
  `<path d="M ${x} ${y} L ${x} ${y + 140 * s}" stroke="#15803d" stroke-width="${10 * s}"/><ellipse cx="${x + 28 * s}" cy="${y + 90 * s}" rx="${26 * s}" ry="${12 * s}" fill="#16a34a"/>` +
  Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI) / 3;
    return `<circle cx="${x + Math.cos(a) * 30 * s}" cy="${y + Math.sin(a) * 30 * s}" r="${22 * s}" fill="${color}"/>`;
  }).join('') +
  `<circle cx="${x}" cy="${y}" r="${18 * s}" fill="#facc15"/>`;

const bunting = (y: number, colors: string[]) => {
  const n = 16;
  const step = W / n;
  const flags = Array.from({ length: n }, (_, i) => {
    const x = i * step + 10;
    const dy = Math.sin((i / (n - 1)) * Math.PI) * 40;
    return `<path d="M ${x} ${y + dy} L ${x + step - 20} ${y + dy} L ${x + (step - 20) / 2} ${y + dy + 70} Z" fill="${colors[i % colors.length]}"/>`;
  }).join('');
  return `<path d="M 0 ${y} Q ${W / 2} ${y + 90} ${W} ${y}" stroke="#475569" stroke-width="4" fill="none"/>${flags}`;
};

const hills = (c1: string, c2: string) =>
  `<path d="M 0 760 Q 400 620 800 740 T 1600 700 L 1600 1000 L 0 1000 Z" fill="${c1}"/><path d="M 0 850 Q 500 760 1000 850 T 1600 830 L 1600 1000 L 0 1000 Z" fill="${c2}"/>`;

const sky = (top: string, bottom: string) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

const PALETTE = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#a855f7', '#ec4899'];

export const SCENES = {
  playground: svg(
    sky('#7dd3fc', '#e0f2fe') +
      sun(1350, 190, 95) +
      cloud(350, 170, 1.2) +
      cloud(850, 120, 0.9) +
      hills('#86efac', '#4ade80') +
      tree(180, 820, 1.1) +
      tree(1450, 860, 0.9, '#16a34a') +
      block(560, 700, 150, '#ef4444', 'A') +
      block(720, 700, 150, '#3b82f6', 'B') +
      block(880, 700, 150, '#22c55e', 'C') +
      block(640, 550, 150, '#f59e0b', '1') +
      block(800, 550, 150, '#a855f7', '2'),
  ),
  balloons: svg(
    sky('#fde68a', '#fff7ed') +
      bunting(40, PALETTE) +
      balloon(300, 420, '#ef4444') +
      balloon(520, 330, '#3b82f6', 1.1) +
      balloon(760, 440, '#22c55e') +
      balloon(1000, 320, '#a855f7', 1.15) +
      balloon(1250, 430, '#f97316') +
      `<rect x="0" y="880" width="${W}" height="120" fill="#fdba74"/>` +
      cloud(1400, 200, 0.8) +
      cloud(150, 220, 0.7),
  ),
  garden: svg(
    sky('#bae6fd', '#f0f9ff') +
      sun(220, 180, 80) +
      cloud(1200, 160, 1.1) +
      hills('#bbf7d0', '#86efac') +
      PALETTE.map((c, i) => flower(180 + i * 210, 700 + (i % 2) * 60, c, 1.1)).join('') +
      `<g transform="translate(1150 330)"><ellipse cx="-30" cy="0" rx="40" ry="26" fill="#f472b6"/><ellipse cx="30" cy="0" rx="40" ry="26" fill="#c084fc"/><rect x="-6" y="-26" width="12" height="52" rx="6" fill="#1e293b"/></g>`,
  ),
  stage: svg(
    `<rect width="${W}" height="${H}" fill="#312e81"/>` +
      Array.from(
        { length: 40 },
        (_, i) => `<circle cx="${(i * 397) % W}" cy="${(i * 211) % 420}" r="${3 + (i % 3) * 2}" fill="#fde68a"/>`,
      ).join('') +
      `<path d="M 0 0 L 330 0 Q 260 500 340 1000 L 0 1000 Z" fill="#be123c"/><path d="M ${W} 0 L ${W - 330} 0 Q ${W - 260} 500 ${W - 340} 1000 L ${W} 1000 Z" fill="#be123c"/>` +
      `<rect x="0" y="820" width="${W}" height="180" fill="#92400e"/><ellipse cx="800" cy="820" rx="420" ry="60" fill="#fef3c7" opacity="0.35"/>` +
      `<g font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="150" text-anchor="middle"><text x="640" y="560" fill="#fbbf24">★</text><text x="800" y="480" fill="#f472b6">★</text><text x="960" y="560" fill="#60a5fa">★</text></g>` +
      bunting(30, ['#fbbf24', '#f472b6', '#60a5fa', '#34d399']),
  ),
  books: svg(
    sky('#fce7f3', '#fdf2f8') +
      `<rect x="0" y="760" width="${W}" height="240" fill="#fbcfe8"/>` +
      [
        ['#3b82f6', 260],
        ['#ef4444', 200],
        ['#22c55e', 300],
        ['#f59e0b', 230],
        ['#a855f7', 280],
      ]
        .map(
          ([c, w], i) =>
            `<rect x="${800 - (w as number) / 2}" y="${700 - i * 70}" width="${w}" height="64" rx="10" fill="${c}"/><rect x="${800 - (w as number) / 2 + 16}" y="${712 - i * 70}" width="${(w as number) - 32}" height="8" rx="4" fill="#ffffff" opacity="0.6"/>`,
        )
        .join('') +
      `<g transform="translate(800 300)"><path d="M -200 0 Q -100 -40 0 0 Q 100 -40 200 0 L 200 140 Q 100 100 0 140 Q -100 100 -200 140 Z" fill="#ffffff" stroke="#0ea5e9" stroke-width="8"/><line x1="0" y1="0" x2="0" y2="140" stroke="#0ea5e9" stroke-width="6"/></g>` +
      sun(1380, 180, 70) +
      tree(180, 780, 0.8),
  ),
  paint: svg(
    sky('#ecfccb', '#f7fee7') +
      PALETTE.map(
        (c, i) =>
          `<circle cx="${230 + i * 190}" cy="${300 + (i % 2) * 120}" r="${90 - (i % 3) * 12}" fill="${c}" opacity="0.85"/>`,
      ).join('') +
      `<rect x="560" y="520" width="480" height="340" rx="16" fill="#ffffff" stroke="#a16207" stroke-width="14"/>` +
      `<path d="M 620 800 Q 700 600 800 720 T 980 640" stroke="#3b82f6" stroke-width="22" fill="none" stroke-linecap="round"/>` +
      sun(900, 600, 40) +
      `<rect x="600" y="860" width="20" height="120" fill="#a16207"/><rect x="980" y="860" width="20" height="120" fill="#a16207"/>`,
  ),
} as const;

export type SceneName = keyof typeof SCENES;
