/**
 * Makes the demo's pictures: original artwork composed here as SVG (gradients and simple
 * shapes, no text, no outside material) and written as small WebP files under
 * pwa/public/demo/, which vite copies into the build. The names come from the demo content
 * itself (edge-api/src/seed/demo-*.ts), so every seeded row has its picture.
 *
 * Run: node --import tsx scripts/make-demo-images.ts   (the outputs are committed)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { demoBlogs } from '../edge-api/src/seed/demo-blogs.ts';
import { demoAgents } from '../edge-api/src/seed/demo-people.ts';
import { demoPolicies } from '../edge-api/src/seed/demo-policies.ts';
import type { PolicyCategory } from '../edge-api/src/db/schema.ts';
import { hills, hsl, linear, motifs, rng, softCircles, svgDoc } from './demo-art/drawing-kit.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'pwa/public/demo');

// ---------------------------------------------------------------------------------------------
// What each picture shows

const categoryHue: Record<PolicyCategory, [number, number]> = {
  'Term Life': [198, 236], // blues
  Senior: [14, 42], // warm ambers
  Child: [96, 168], // greens to teal
};
const categoryAccentHue: Record<PolicyCategory, number> = { 'Term Life': 45, Senior: 200, Child: 330 };

const policyMotif: Record<string, string> = {
  'shurokkha-term-shield': 'shield',
  'nirapod-family-protector': 'family',
  'probashi-term-plan': 'plane',
  'krishok-life-cover': 'paddy',
  'home-loan-protector': 'house',
  'tarunno-young-professional': 'growth',
  'uddokta-business-shield': 'briefcase',
  'joya-womens-term-plan': 'heart',
  'probin-shasthya-plus': 'cross',
  'golden-years-life-plan': 'sunset',
  'pensioner-protection-plan': 'coins',
  'senior-critical-care': 'heart',
  'prashanti-whole-life': 'tree',
  'dampotto-joint-life': 'family',
  'final-expense-cover': 'hands',
  'senior-monthly-income': 'growth',
  'madhumeho-care-plan': 'shield',
  'shishu-shikkha-plan': 'book',
  'future-scholar-plan': 'cap',
  'konna-dream-plan': 'kite',
  'nobojatok-newborn-cover': 'moon',
  'child-health-shield': 'cross',
  'admission-ready-plan': 'book',
  'study-abroad-fund': 'plane',
  'junior-shanchay-plan': 'balloons',
};
const fallbackMotifs = Object.keys(motifs);

function policyArt(slug: string, category: PolicyCategory, index: number, w: number, h: number): string {
  const random = rng(slug);
  const [h0, h1] = categoryHue[category];
  const hue = h0 + ((index * 37) % (h1 - h0 + 1));
  const accentHue = categoryAccentHue[category] + random() * 20 - 10;
  const motif = motifs[policyMotif[slug] ?? fallbackMotifs[index % fallbackMotifs.length]!]!;
  const body =
    `<defs>${linear('bg', hsl(hue, 70, 52), hsl(hue + 18, 75, 30), false)}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    softCircles(w, h, random, hsl(hue - 10, 80, 70, 0.18), 4) +
    hills(w, h, random, [hsl(hue + 10, 55, 40, 0.55), hsl(hue + 24, 60, 24, 0.7)]) +
    motif(w * (0.5 + (random() - 0.5) * 0.3), h * 0.47, (h / 400) * (0.95 + random() * 0.2), hsl(hue, 60, 96, 0.95), hsl(accentHue, 85, 60));
  return svgDoc(w, h, w, h, body);
}

const femaleAgents = new Set(['nusrat-jahan', 'farhana-akter', 'sadia-islam']);

function agentArt(slug: string, index: number, size: number): string {
  const random = rng(slug);
  const hue = (index * 61 + 190) % 360;
  const skin = hsl(24 + random() * 8, 45 + random() * 10, 42 + random() * 16);
  const hair = hsl(20, 30, 10 + random() * 8);
  const clothes = hsl((hue + 180) % 360, 45, 38);
  const c = size / 2;
  const female = femaleAgents.has(slug);
  const longHair = female
    ? `<path d="M${c - 46},${c - 20} Q${c - 52},${c - 96} ${c},${c - 98} Q${c + 52},${c - 96} ${c + 46},${c - 20} L${c + 52},${c + 50} L${c - 52},${c + 50} Z" fill="${hair}"/>`
    : '';
  const shortHair = female
    ? `<path d="M${c - 40},${c - 44} Q${c - 36},${c - 92} ${c},${c - 90} Q${c + 40},${c - 92} ${c + 42},${c - 40} Q${c + 10},${c - 66} ${c - 40},${c - 44} Z" fill="${hair}"/>`
    : `<path d="M${c - 40},${c - 40} Q${c - 42},${c - 92} ${c},${c - 88} Q${c + 44},${c - 90} ${c + 40},${c - 40} Q${c + 30},${c - 66} ${c},${c - 64} Q${c - 28},${c - 66} ${c - 40},${c - 40} Z" fill="${hair}"/>`;
  const orna = female ? `<path d="M${c - 78},${size} Q${c - 60},${c + 50} ${c + 20},${c + 60} L${c + 70},${size} Z" fill="${hsl((hue + 140) % 360, 60, 55)}"/>` : '';
  const body =
    `<defs>${linear('bg', hsl(hue, 60, 78), hsl(hue + 20, 55, 56))}</defs>` +
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>` +
    `<circle cx="${c + 70}" cy="${c - 80}" r="60" fill="${hsl(hue, 70, 88, 0.35)}"/>` +
    longHair +
    `<path d="M${c - 96},${size} Q${c - 94},${c + 40} ${c},${c + 34} Q${c + 94},${c + 40} ${c + 96},${size} Z" fill="${clothes}"/>` +
    `<rect x="${c - 15}" y="${c + 2}" width="30" height="38" rx="10" fill="${skin}"/>` +
    orna +
    `<ellipse cx="${c}" cy="${c - 34}" rx="40" ry="48" fill="${skin}"/>` +
    shortHair +
    (female ? '' : `<path d="M${c - 16},${c + 36} L${c},${c + 56} L${c + 16},${c + 36} Z" fill="${hsl(0, 0, 96)}"/>`);
  return svgDoc(size, size, size, size, body);
}

function blogArt(slug: string, index: number, w: number, h: number): string {
  const random = rng(slug);
  const hue = (index * 47 + 170) % 360;
  const blogMotif: Record<string, string> = {
    'term-or-savings': 'coins',
    'how-much-cover': 'umbrella',
    'child-education': 'book',
    'retirement-without-pension': 'sunset',
    'probashi-guide': 'plane',
    'claim-step-by-step': 'hands',
    'honest-health-declaration': 'heart',
    'choosing-a-nominee': 'family',
  };
  const motif = motifs[blogMotif[slug] ?? fallbackMotifs[index % fallbackMotifs.length]!]!;
  const body =
    `<defs>${linear('bg', hsl(hue, 45, 88), hsl(hue + 25, 50, 70), false)}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    softCircles(w, h, random, hsl(hue + 40, 60, 96, 0.4), 3) +
    hills(w, h, random, [hsl(hue + 20, 35, 62, 0.6)]) +
    motif(w * 0.5, h * 0.48, h / 420, hsl(hue + 10, 55, 32), hsl((hue + 180) % 360, 70, 58));
  return svgDoc(w, h, w, h, body);
}

/** The three home slides (spec: Secure Your Tomorrow Today; Protect What Matters Most; Peace of Mind is Priceless). */
const heroScenes: { name: string; art: (w: number, h: number) => string }[] = [
  {
    name: 'secure-tomorrow',
    // Sunrise over a river with a boat: tomorrow, made safe.
    art: (w, h) => {
      const random = rng('secure-tomorrow');
      return (
        `<defs>${linear('sky', hsl(28, 90, 70), hsl(205, 70, 42))}${linear('river', hsl(200, 60, 45), hsl(215, 70, 25))}</defs>` +
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
        `<circle cx="${w * 0.72}" cy="${h * 0.55}" r="${h * 0.2}" fill="${hsl(42, 100, 78)}"/>` +
        `<circle cx="${w * 0.72}" cy="${h * 0.55}" r="${h * 0.3}" fill="${hsl(42, 100, 80, 0.25)}"/>` +
        hills(w, h * 0.9, random, [hsl(150, 35, 32, 0.85)]) +
        `<rect y="${h * 0.7}" width="${w}" height="${h * 0.3}" fill="url(#river)"/>` +
        motifs.boat!(w * 0.62, h * 0.66, h / 640, hsl(30, 40, 16), hsl(10, 70, 55)) +
        motifs.tree!(w * 0.08, h * 0.52, h / 900, hsl(150, 40, 22), hsl(25, 40, 22))
      );
    },
  },
  {
    name: 'protect-what-matters',
    // A family under a big umbrella in the rain.
    art: (w, h) => {
      const random = rng('protect-what-matters');
      let rain = '';
      for (let i = 0; i < 70; i++) {
        const x = random() * w;
        const y = random() * h * 0.8;
        rain += `<path d="M${x.toFixed(0)},${y.toFixed(0)} l-6,18" stroke="${hsl(205, 60, 88, 0.55)}" stroke-width="3" stroke-linecap="round"/>`;
      }
      return (
        `<defs>${linear('sky', hsl(212, 45, 62), hsl(222, 50, 30))}</defs>` +
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
        rain +
        hills(w, h, random, [hsl(140, 35, 36), hsl(140, 40, 24)]) +
        `<path d="M${w * 0.5},${h * 0.42} L${w * 0.5},${h * 0.84}" stroke="${hsl(30, 20, 20)}" stroke-width="8"/>` +
        `<path d="M${w * 0.3},${h * 0.44} Q${w * 0.5},${h * 0.02} ${w * 0.7},${h * 0.44} Q${w * 0.633},${h * 0.4} ${w * 0.567},${h * 0.44} Q${w * 0.5},${h * 0.4} ${w * 0.433},${h * 0.44} Q${w * 0.367},${h * 0.4} ${w * 0.3},${h * 0.44} Z" fill="${hsl(8, 80, 58)}"/>` +
        motifs.family!(w * 0.5, h * 0.74, h / 500, hsl(40, 30, 94), hsl(45, 95, 62))
      );
    },
  },
  {
    name: 'peace-of-mind',
    // Dusk, a home with a lit window, the moon and stars.
    art: (w, h) => {
      const random = rng('peace-of-mind');
      let stars = '';
      for (let i = 0; i < 50; i++) {
        stars += `<circle cx="${(random() * w).toFixed(0)}" cy="${(random() * h * 0.55).toFixed(0)}" r="${(1 + random() * 2.5).toFixed(1)}" fill="${hsl(50, 100, 92, 0.8)}"/>`;
      }
      return (
        `<defs>${linear('sky', hsl(255, 45, 22), hsl(290, 35, 48))}</defs>` +
        `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
        stars +
        `<circle cx="${w * 0.82}" cy="${h * 0.22}" r="${h * 0.09}" fill="${hsl(48, 90, 86)}"/>` +
        hills(w, h, random, [hsl(260, 30, 30), hsl(255, 35, 18)]) +
        motifs.house!(w * 0.66, h * 0.66, h / 560, hsl(260, 20, 12), hsl(45, 100, 66)) +
        motifs.tree!(w * 0.82, h * 0.66, h / 700, hsl(160, 30, 14), hsl(20, 30, 12)) +
        motifs.tree!(w * 0.5, h * 0.72, h / 900, hsl(160, 30, 16), hsl(20, 30, 12))
      );
    },
  },
];

function placeholderArt(w: number, h: number): string {
  const body =
    `<defs>${linear('bg', hsl(215, 15, 88), hsl(215, 15, 72), false)}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    motifs.shield!(w / 2, h / 2, h / 420, hsl(215, 12, 96), hsl(215, 14, 66));
  return svgDoc(w, h, w, h, body);
}

// ---------------------------------------------------------------------------------------------
// Writing the files

const written: { file: string; bytes: number; limit: number }[] = [];

async function write(relPath: string, svg: string, quality: number, limit: number) {
  const file = join(outDir, relPath);
  mkdirSync(dirname(file), { recursive: true });
  const data = await sharp(Buffer.from(svg)).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
  writeFileSync(file, data);
  written.push({ file, bytes: data.length, limit });
}

rmSync(outDir, { recursive: true, force: true });

for (const [i, policy] of demoPolicies.entries()) {
  await write(`policies/${policy.slug}.webp`, policyArt(policy.slug, policy.category, i, 640, 400), 72, 12_000);
}
await write('policies/placeholder.webp', placeholderArt(640, 400), 72, 12_000);

for (const [i, agent] of demoAgents.entries()) await write(`agents/${agent.slug}.webp`, agentArt(agent.slug, i, 256), 78, 8_000);
// The default portrait, for agents without a photo.
await write('agents/default.webp', agentArt('default', 3, 256).replace(/hsl\([^)]*\)/g, (m) => m.replace(/ (\d+)% /, ' 0% ')), 78, 8_000);

for (const [i, blog] of demoBlogs.entries()) await write(`blogs/${blog.slug}.webp`, blogArt(blog.slug, i, 480, 300), 72, 12_000);

for (const scene of heroScenes) {
  // The small variant draws the same scene at half size, for phones.
  const big = svgDoc(1280, 640, 1280, 640, scene.art(1280, 640));
  await write(`hero/${scene.name}.webp`, big, 70, 40_000);
  await write(`hero/${scene.name}-small.webp`, big.replace('width="1280" height="640"', 'width="640" height="320"'), 70, 15_000);
}

let total = 0;
for (const { file, bytes, limit } of written) {
  total += bytes;
  const flag = bytes > limit ? `  OVER ${limit}` : '';
  console.log(`${String(bytes).padStart(7)}  ${relative(root, file)}${flag}`);
}
console.log(`${written.length} images, ${total} bytes in total`);
if (written.some((w) => w.bytes > w.limit)) process.exitCode = 1;
