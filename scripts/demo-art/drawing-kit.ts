/** The small drawing kit of the demo pictures: seeded randomness, SVG pieces and the motifs. */
/** Deterministic randomness per picture, so re-running the script gives the same files. */
export function rng(seedText: string) {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1 ? `hsl(${h.toFixed(0)} ${s.toFixed(0)}% ${l.toFixed(0)}%)` : `hsl(${h.toFixed(0)} ${s.toFixed(0)}% ${l.toFixed(0)}% / ${a})`;

export function svgDoc(width: number, height: number, viewW: number, viewH: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewW} ${viewH}">${body}</svg>`;
}

export function linear(id: string, from: string, to: string, vertical = true): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Rolling hills along the bottom: a landscape feel behind every motif. */
export function hills(w: number, h: number, random: () => number, fills: string[]): string {
  return fills
    .map((fill, layer) => {
      const base = h * (0.72 + layer * 0.09);
      const amp = h * (0.06 - layer * 0.012);
      const phase = random() * Math.PI * 2;
      const points: string[] = [];
      for (let i = 0; i <= 8; i++) {
        const x = (w * i) / 8;
        const y = base - Math.sin(phase + i * (0.7 + random() * 0.3)) * amp;
        points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
      }
      return `<path d="M0,${h} L${points.join(' L')} L${w},${h} Z" fill="${fill}"/>`;
    })
    .join('');
}

export function softCircles(w: number, h: number, random: () => number, color: string, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = (0.08 + random() * 0.18) * Math.min(w, h);
    out += `<circle cx="${(random() * w).toFixed(0)}" cy="${(random() * h * 0.6).toFixed(0)}" r="${r.toFixed(0)}" fill="${color}"/>`;
  }
  return out;
}

/** A simple standing figure (head and rounded body), feet at (x, y). */
export function person(x: number, y: number, s: number, color: string, skin = color): string {
  return (
    `<circle cx="${x}" cy="${y - 78 * s}" r="${13 * s}" fill="${skin}"/>` +
    `<path d="M${x - 20 * s},${y} L${x - 20 * s},${y - 42 * s} Q${x - 20 * s},${y - 60 * s} ${x},${y - 60 * s} Q${x + 20 * s},${y - 60 * s} ${x + 20 * s},${y - 42 * s} L${x + 20 * s},${y} Z" fill="${color}"/>`
  );
}

// Motifs, drawn around (cx, cy) at scale s in light ink `ink` with an accent colour.
export type Motif = (cx: number, cy: number, s: number, ink: string, accent: string) => string;

export const motifs: Record<string, Motif> = {
  shield: (cx, cy, s, ink, accent) =>
    `<path d="M${cx},${cy - 80 * s} L${cx + 64 * s},${cy - 56 * s} Q${cx + 64 * s},${cy + 40 * s} ${cx},${cy + 84 * s} Q${cx - 64 * s},${cy + 40 * s} ${cx - 64 * s},${cy - 56 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx - 28 * s},${cy} L${cx - 6 * s},${cy + 24 * s} L${cx + 32 * s},${cy - 22 * s}" stroke="${accent}" stroke-width="${12 * s}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  umbrella: (cx, cy, s, ink, accent) =>
    `<path d="M${cx - 100 * s},${cy - 10 * s} Q${cx},${cy - 130 * s} ${cx + 100 * s},${cy - 10 * s} Q${cx + 66 * s},${cy - 26 * s} ${cx + 33 * s},${cy - 10 * s} Q${cx},${cy - 26 * s} ${cx - 33 * s},${cy - 10 * s} Q${cx - 66 * s},${cy - 26 * s} ${cx - 100 * s},${cy - 10 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx},${cy - 14 * s} L${cx},${cy + 70 * s} Q${cx},${cy + 86 * s} ${cx - 16 * s},${cy + 86 * s}" stroke="${ink}" stroke-width="${7 * s}" fill="none" stroke-linecap="round"/>` +
    `<rect x="${cx - 34 * s}" y="${cy + 26 * s}" width="${30 * s}" height="${30 * s}" fill="${accent}"/><path d="M${cx - 42 * s},${cy + 28 * s} L${cx - 19 * s},${cy + 8 * s} L${cx + 4 * s},${cy + 28 * s} Z" fill="${accent}"/>`,
  family: (cx, cy, s, ink, accent) =>
    person(cx - 48 * s, cy + 80 * s, 1.25 * s, ink) + person(cx + 20 * s, cy + 80 * s, 1.15 * s, ink) + person(cx + 74 * s, cy + 80 * s, 0.75 * s, accent) + person(cx - 100 * s, cy + 80 * s, 0.6 * s, accent),
  heart: (cx, cy, s, ink, accent) =>
    `<path d="M${cx},${cy + 70 * s} C${cx - 120 * s},${cy - 10 * s} ${cx - 70 * s},${cy - 100 * s} ${cx},${cy - 40 * s} C${cx + 70 * s},${cy - 100 * s} ${cx + 120 * s},${cy - 10 * s} ${cx},${cy + 70 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx - 70 * s},${cy - 6 * s} L${cx - 24 * s},${cy - 6 * s} L${cx - 10 * s},${cy - 34 * s} L${cx + 8 * s},${cy + 22 * s} L${cx + 22 * s},${cy - 6 * s} L${cx + 70 * s},${cy - 6 * s}" stroke="${accent}" stroke-width="${8 * s}" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`,
  house: (cx, cy, s, ink, accent) =>
    `<path d="M${cx - 90 * s},${cy - 4 * s} L${cx},${cy - 84 * s} L${cx + 90 * s},${cy - 4 * s} Z" fill="${ink}"/>` +
    `<rect x="${cx - 66 * s}" y="${cy - 8 * s}" width="${132 * s}" height="${86 * s}" fill="${ink}"/>` +
    `<rect x="${cx - 16 * s}" y="${cy + 26 * s}" width="${32 * s}" height="${52 * s}" fill="${accent}"/>` +
    `<rect x="${cx - 52 * s}" y="${cy + 10 * s}" width="${24 * s}" height="${22 * s}" fill="${accent}"/><rect x="${cx + 28 * s}" y="${cy + 10 * s}" width="${24 * s}" height="${22 * s}" fill="${accent}"/>`,
  tree: (cx, cy, s, ink, accent) =>
    `<rect x="${cx - 9 * s}" y="${cy + 10 * s}" width="${18 * s}" height="${74 * s}" rx="${4 * s}" fill="${accent}"/>` +
    `<circle cx="${cx}" cy="${cy - 34 * s}" r="${58 * s}" fill="${ink}"/><circle cx="${cx - 50 * s}" cy="${cy + 4 * s}" r="${38 * s}" fill="${ink}"/><circle cx="${cx + 50 * s}" cy="${cy + 4 * s}" r="${40 * s}" fill="${ink}"/>`,
  sunset: (cx, cy, s, ink, accent) =>
    `<circle cx="${cx}" cy="${cy + 10 * s}" r="${70 * s}" fill="${ink}"/>` +
    [0, 1, 2].map((i) => `<rect x="${cx - 110 * s}" y="${cy + (30 + i * 22) * s}" width="${220 * s}" height="${8 * s}" rx="${4 * s}" fill="${accent}"/>`).join(''),
  book: (cx, cy, s, ink, accent) =>
    `<path d="M${cx},${cy - 40 * s} Q${cx - 50 * s},${cy - 70 * s} ${cx - 110 * s},${cy - 50 * s} L${cx - 110 * s},${cy + 60 * s} Q${cx - 50 * s},${cy + 40 * s} ${cx},${cy + 70 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx},${cy - 40 * s} Q${cx + 50 * s},${cy - 70 * s} ${cx + 110 * s},${cy - 50 * s} L${cx + 110 * s},${cy + 60 * s} Q${cx + 50 * s},${cy + 40 * s} ${cx},${cy + 70 * s} Z" fill="${ink}" opacity="0.85"/>` +
    `<path d="M${cx},${cy - 40 * s} L${cx},${cy + 70 * s}" stroke="${accent}" stroke-width="${5 * s}"/>`,
  cap: (cx, cy, s, ink, accent) =>
    `<path d="M${cx - 120 * s},${cy - 20 * s} L${cx},${cy - 70 * s} L${cx + 120 * s},${cy - 20 * s} L${cx},${cy + 30 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx - 70 * s},${cy + 2 * s} L${cx - 70 * s},${cy + 56 * s} Q${cx},${cy + 90 * s} ${cx + 70 * s},${cy + 56 * s} L${cx + 70 * s},${cy + 2 * s} L${cx},${cy + 30 * s} Z" fill="${ink}" opacity="0.85"/>` +
    `<path d="M${cx + 100 * s},${cy - 12 * s} L${cx + 100 * s},${cy + 60 * s}" stroke="${accent}" stroke-width="${6 * s}" stroke-linecap="round"/><circle cx="${cx + 100 * s}" cy="${cy + 66 * s}" r="${10 * s}" fill="${accent}"/>`,
  kite: (cx, cy, s, ink, accent) =>
    `<path d="M${cx},${cy - 90 * s} L${cx + 62 * s},${cy - 10 * s} L${cx},${cy + 60 * s} L${cx - 62 * s},${cy - 10 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx},${cy - 90 * s} L${cx},${cy + 60 * s} M${cx - 62 * s},${cy - 10 * s} L${cx + 62 * s},${cy - 10 * s}" stroke="${accent}" stroke-width="${4 * s}"/>` +
    `<path d="M${cx},${cy + 60 * s} Q${cx + 30 * s},${cy + 90 * s} ${cx - 10 * s},${cy + 110 * s} Q${cx - 40 * s},${cy + 130 * s} ${cx + 10 * s},${cy + 150 * s}" stroke="${ink}" stroke-width="${4 * s}" fill="none"/>`,
  balloons: (cx, cy, s, ink, accent) =>
    [
      [-50, -30, ink],
      [10, -60, accent],
      [60, -20, ink],
    ]
      .map(
        ([dx, dy, fill]) =>
          `<ellipse cx="${cx + Number(dx) * s}" cy="${cy + Number(dy) * s}" rx="${34 * s}" ry="${42 * s}" fill="${fill}"/>` +
          `<path d="M${cx + Number(dx) * s},${cy + (Number(dy) + 42) * s} Q${cx + (Number(dx) + 10) * s},${cy + 70 * s} ${cx},${cy + 110 * s}" stroke="${ink}" stroke-width="${3 * s}" fill="none"/>`,
      )
      .join(''),
  boat: (cx, cy, s, ink, accent) =>
    `<path d="M${cx - 120 * s},${cy + 30 * s} Q${cx},${cy + 90 * s} ${cx + 120 * s},${cy + 30 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx - 6 * s},${cy + 30 * s} L${cx - 6 * s},${cy - 100 * s} L${cx + 80 * s},${cy + 16 * s} Z" fill="${accent}"/>` +
    `<path d="M${cx - 14 * s},${cy + 20 * s} L${cx - 14 * s},${cy - 70 * s} L${cx - 80 * s},${cy + 16 * s} Z" fill="${ink}" opacity="0.8"/>` +
    `<path d="M${cx - 160 * s},${cy + 80 * s} Q${cx - 120 * s},${cy + 70 * s} ${cx - 80 * s},${cy + 80 * s} T${cx},${cy + 80 * s} T${cx + 80 * s},${cy + 80 * s} T${cx + 160 * s},${cy + 80 * s}" stroke="${ink}" stroke-width="${5 * s}" fill="none"/>`,
  growth: (cx, cy, s, ink, accent) =>
    [0, 1, 2, 3].map((i) => `<rect x="${cx + (-100 + i * 52) * s}" y="${cy + (60 - 30 * (i + 1)) * s}" width="${38 * s}" height="${30 * (i + 1) * s + 10 * s}" rx="${5 * s}" fill="${ink}"/>`).join('') +
    `<path d="M${cx - 100 * s},${cy - 10 * s} L${cx - 40 * s},${cy - 40 * s} L${cx + 10 * s},${cy - 30 * s} L${cx + 90 * s},${cy - 96 * s}" stroke="${accent}" stroke-width="${9 * s}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  paddy: (cx, cy, s, ink, accent) =>
    [-90, -50, -10, 30, 70, 110]
      .map(
        (dx, i) =>
          `<path d="M${cx + dx * s},${cy + 80 * s} Q${cx + (dx - 6) * s},${cy} ${cx + (dx - 30 + (i % 2) * 10) * s},${cy - (60 + (i % 3) * 14) * s}" stroke="${ink}" stroke-width="${6 * s}" fill="none" stroke-linecap="round"/>` +
          `<ellipse cx="${cx + (dx - 30 + (i % 2) * 10) * s}" cy="${cy - (60 + (i % 3) * 14) * s}" rx="${7 * s}" ry="${16 * s}" fill="${accent}"/>`,
      )
      .join(''),
  plane: (cx, cy, s, ink, accent) =>
    `<path d="M${cx - 120 * s},${cy + 6 * s} L${cx + 100 * s},${cy - 20 * s} Q${cx + 130 * s},${cy - 20 * s} ${cx + 120 * s},${cy} L${cx - 100 * s},${cy + 24 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx - 10 * s},${cy - 4 * s} L${cx - 60 * s},${cy - 80 * s} L${cx - 30 * s},${cy - 80 * s} L${cx + 40 * s},${cy - 10 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx - 10 * s},${cy + 12 * s} L${cx - 40 * s},${cy + 70 * s} L${cx - 14 * s},${cy + 70 * s} L${cx + 30 * s},${cy + 8 * s} Z" fill="${ink}" opacity="0.85"/>` +
    `<path d="M${cx - 170 * s},${cy + 50 * s} Q${cx - 140 * s},${cy + 20 * s} ${cx - 120 * s},${cy + 14 * s}" stroke="${accent}" stroke-width="${5 * s}" fill="none" stroke-dasharray="${10 * s} ${8 * s}"/>`,
  moon: (cx, cy, s, ink, accent) =>
    // A crescent: the full disc with a second, offset disc masked out.
    `<mask id="crescent"><circle cx="${cx}" cy="${cy}" r="${80 * s}" fill="#fff"/><circle cx="${cx + 38 * s}" cy="${cy - 24 * s}" r="${70 * s}" fill="#000"/></mask>` +
    `<circle cx="${cx}" cy="${cy}" r="${80 * s}" fill="${ink}" mask="url(#crescent)"/>` +
    [
      [70, -50, 10],
      [100, 10, 7],
      [50, 50, 8],
    ]
      .map(([dx, dy, r]) => `<circle cx="${cx + Number(dx) * s}" cy="${cy + Number(dy) * s}" r="${Number(r) * s}" fill="${accent}"/>`)
      .join(''),
  briefcase: (cx, cy, s, ink, accent) =>
    `<rect x="${cx - 40 * s}" y="${cy - 70 * s}" width="${80 * s}" height="${40 * s}" rx="${10 * s}" fill="none" stroke="${ink}" stroke-width="${10 * s}"/>` +
    `<rect x="${cx - 110 * s}" y="${cy - 40 * s}" width="${220 * s}" height="${120 * s}" rx="${14 * s}" fill="${ink}"/>` +
    `<rect x="${cx - 110 * s}" y="${cy + 4 * s}" width="${220 * s}" height="${8 * s}" fill="${accent}"/><rect x="${cx - 14 * s}" y="${cy - 4 * s}" width="${28 * s}" height="${24 * s}" rx="${4 * s}" fill="${accent}"/>`,
  cross: (cx, cy, s, ink, accent) =>
    `<circle cx="${cx}" cy="${cy}" r="${86 * s}" fill="${ink}"/>` +
    `<path d="M${cx - 18 * s},${cy - 56 * s} h${36 * s} v${38 * s} h${38 * s} v${36 * s} h${-38 * s} v${38 * s} h${-36 * s} v${-38 * s} h${-38 * s} v${-36 * s} h${38 * s} Z" fill="${accent}"/>`,
  coins: (cx, cy, s, ink, accent) =>
    [0, 1, 2, 3, 4]
      .map((i) => `<ellipse cx="${cx - 50 * s}" cy="${cy + (60 - i * 18) * s}" rx="${44 * s}" ry="${14 * s}" fill="${i % 2 ? accent : ink}"/>`)
      .join('') +
    [0, 1, 2]
      .map((i) => `<ellipse cx="${cx + 50 * s}" cy="${cy + (60 - i * 18) * s}" rx="${44 * s}" ry="${14 * s}" fill="${i % 2 ? accent : ink}"/>`)
      .join('') +
    `<path d="M${cx + 50 * s},${cy - 70 * s} v${60 * s} M${cx + 30 * s},${cy - 30 * s} L${cx + 50 * s},${cy - 10 * s} L${cx + 70 * s},${cy - 30 * s}" stroke="${ink}" stroke-width="${8 * s}" fill="none" stroke-linecap="round" stroke-linejoin="round" transform="rotate(180 ${cx + 50 * s} ${cy - 40 * s})"/>`,
  hands: (cx, cy, s, ink, accent) =>
    `<path d="M${cx - 120 * s},${cy + 40 * s} Q${cx - 60 * s},${cy + 30 * s} ${cx - 20 * s},${cy + 60 * s} L${cx + 20 * s},${cy + 60 * s} Q${cx + 60 * s},${cy + 30 * s} ${cx + 120 * s},${cy + 40 * s} L${cx + 120 * s},${cy + 80 * s} L${cx - 120 * s},${cy + 80 * s} Z" fill="${ink}"/>` +
    `<path d="M${cx},${cy + 30 * s} C${cx - 70 * s},${cy - 20 * s} ${cx - 40 * s},${cy - 90 * s} ${cx},${cy - 50 * s} C${cx + 40 * s},${cy - 90 * s} ${cx + 70 * s},${cy - 20 * s} ${cx},${cy + 30 * s} Z" fill="${accent}"/>`,
};
