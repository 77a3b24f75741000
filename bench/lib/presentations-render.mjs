// Render-only figures of the presentations of issue 23 (bench/README.md "Presentations (issue 23)"):
// renderPresentation() of the worker's build (worker/dist/presentations/render) called in this
// process, one document at a time, no queue, no database, no file written. The end-to-end figures
// through the queue are measured separately.
//
// Cases: a 1-page PDF ('one-page', one property, three photos) in ru, kk and zh; a 10-page PDF
// ('classic', 8 properties: cover + 8 + contacts = 10 pages) in ru; a 10-slide PPTX ('classic',
// 8 properties) in ru and zh. Each case: warm-up renders unmeasured, then renders back to back
// for BENCH_RENDER_SECONDS (5) seconds: documents per second, p50/p95/max ms.
//
// The fonts are parsed once (warmRenderFonts, as the worker does on start); the photos are JPEGs of
// 1200x800 px, ~170 kB (the large photo is taken as it is; the small ones are made 800/640 px once
// per process, the renderer's photo cache, as in a bulk run where a property is rendered in
// several languages and formats). Besides wall-clock figures, each case reports the process's CPU
// time per document (user + system), which a busy machine changes less.
//
// Alone: `node bench/lib/presentations-render.mjs` (builds the worker first when needed), or
// `BENCH_ONLY=render npm run bench` (also writes BENCH_OUT). The full `npm run bench` runs it too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const require = createRequire(import.meta.url);

/** Targets of issue 23 (render-only here; the issue states them end to end). */
export const RENDER_TARGETS = [
  { case: 'pdf-1page-ru', metric: 'per_s', min: 100, target: '1-page PDF in Russian >= 100/s' },
  { case: 'pdf-1page-kk', metric: 'per_s', min: 100, target: '1-page PDF in Kazakh >= 100/s' },
  { case: 'pdf-1page-zh', metric: 'per_s', min: 25, target: '1-page PDF in Chinese >= 25/s' },
  { case: 'pptx-10slides-ru', metric: 'p95_ms', max: 50, target: '10-slide PPTX p95 <= 50 ms' },
];

/** Smooth colour waves with grain: a JPEG of it weighs what a photo does (~170 kB at 1200x800, q80). */
function photoLike(w, h, seed) {
  const b = Buffer.alloc(w * h * 3);
  let s = seed + 1;
  const amp = 14;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      s = (s * 1103515245 + 12345) & 0x7fffffff;
      const n = (s % (2 * amp)) - amp;
      const i = (y * w + x) * 3;
      b[i] = Math.max(0, Math.min(255, 120 + 80 * Math.sin(x / (90 + seed * 10)) + n));
      b[i + 1] = Math.max(0, Math.min(255, 110 + 60 * Math.cos(y / 70) + n));
      b[i + 2] = Math.max(0, Math.min(255, 140 + 50 * Math.sin((x + y) / 130) + n));
    }
  return b;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function measure(render, { seconds, warmup }) {
  for (let i = 0; i < warmup; i++) await render();
  const times = [];
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const until = start + seconds * 1000;
  while (performance.now() < until || times.length < 5) {
    const t = performance.now();
    const out = await render();
    times.push(performance.now() - t);
    bytes = out.length;
  }
  const total = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    per_s: round((times.length / total) * 1000),
    cpu_ms_per_doc: round((cpu.user + cpu.system) / 1000 / times.length),
    p50_ms: round(pct(times, 50)),
    p95_ms: round(pct(times, 95)),
    max_ms: round(times[times.length - 1]),
    bytes,
  };
}

/**
 * Builds the worker (`tsc -b worker`, incremental) when its render build is missing or older than
 * a source file of worker/src/presentations/render.
 */
export function ensureRenderBuilt(log = console.log) {
  const src = path.join(root, 'worker', 'src', 'presentations', 'render');
  const built = path.join(root, 'worker', 'dist', 'presentations', 'render', 'index.js');
  const newest = Math.max(...readdirSync(src).map((f) => statSync(path.join(src, f)).mtimeMs));
  if (existsSync(built) && statSync(built).mtimeMs >= newest) return;
  log('render: building the worker (tsc -b worker)');
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'worker'], { cwd: root, stdio: 'inherit' });
}

/**
 * Runs the render cases; returns { cases: [{name, ...figures}], targets: [{target, value, ok}] }.
 * Throws when the worker is not built.
 */
export async function runRenderBench({ seconds = Number(process.env.BENCH_RENDER_SECONDS || 5), log = console.log } = {}) {
  const dist = path.join(root, 'worker', 'dist', 'presentations', 'render');
  let render, samples;
  try {
    render = require(path.join(dist, 'index.js'));
    samples = require(path.join(dist, 'sample-decks.js'));
  } catch (e) {
    throw new Error(`the worker is not built (npx tsc -b worker): ${e.message}`);
  }
  const sharp = require(require.resolve('sharp', { paths: [path.join(root, 'worker')] }));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-render-'));
  try {
    const photos = [];
    for (let i = 0; i < 3; i++) {
      const file = path.join(dir, `photo-${i}.jpg`);
      await sharp(photoLike(1200, 800, i), { raw: { width: 1200, height: 800, channels: 3 } })
        .jpeg({ quality: 80 })
        .toFile(file);
      photos.push(file);
    }
    const photoKb = Math.round(photos.map((f) => statSync(f).size).reduce((a, b) => a + b, 0) / photos.length / 1024);
    log(`render: 3 photos of 1200x800 px, ~${photoKb} kB each`);
    let t = performance.now();
    render.warmRenderFonts();
    const warmMs = round(performance.now() - t);
    log(`render: fonts parsed in ${warmMs} ms (warmRenderFonts)`);

    const deck = (lang, template, count) => samples.sampleDeck(lang, { template, count, photoPaths: photos });
    const plan = [
      { name: 'pdf-1page-ru', deck: deck('ru', 'one-page', 1), format: 'pdf', pages: 1 },
      { name: 'pdf-1page-kk', deck: deck('kk', 'one-page', 1), format: 'pdf', pages: 1 },
      { name: 'pdf-1page-zh', deck: deck('zh', 'one-page', 1), format: 'pdf', pages: 1 },
      { name: 'pdf-10pages-ru', deck: deck('ru', 'classic', 8), format: 'pdf', pages: 10 },
      { name: 'pptx-10slides-ru', deck: deck('ru', 'classic', 8), format: 'pptx', pages: 10 },
      { name: 'pptx-10slides-zh', deck: deck('zh', 'classic', 8), format: 'pptx', pages: 10 },
    ];
    const cases = [];
    for (const c of plan) {
      const r = await measure(() => render.renderPresentation(c.deck, c.format), { seconds, warmup: 5 });
      const row = { name: c.name, format: c.format, pages: c.pages, language: c.deck.language, ...r };
      log(
        `render ${c.name}: ${r.per_s}/s, p50 ${r.p50_ms} ms, p95 ${r.p95_ms} ms, max ${r.max_ms} ms, CPU ${r.cpu_ms_per_doc} ms/document (${r.n} documents, ${Math.round(r.bytes / 1024)} kB)`,
      );
      cases.push(row);
    }
    const targets = RENDER_TARGETS.map((tg) => {
      const c = cases.find((x) => x.name === tg.case);
      const value = c[tg.metric];
      const ok = tg.min != null ? value >= tg.min : value <= tg.max;
      return { target: `${tg.target} (render only)`, value: `${value}${tg.metric === 'per_s' ? '/s' : ' ms'}`, ok };
    });
    return {
      fonts_warm_ms: warmMs,
      photo_kb: photoKb,
      seconds_per_case: seconds,
      load_average: os.loadavg().map((n) => round(n)),
      cases,
      targets,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Alone: node bench/lib/presentations-render.mjs
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureRenderBuilt();
  const r = await runRenderBench();
  for (const t of r.targets) console.log(`  ${t.ok ? 'PASS' : 'MISS'}  ${t.target}: ${t.value}`);
}
