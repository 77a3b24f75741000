import type { PropertyTypeSlug } from '@realty/contracts';
import { openImage, type FileStorage } from '@realty/db';
import { hashSeed, Random } from './random';

/**
 * The demo image pool: original flat illustrations (office interiors, shop fronts,
 * warehouse halls, coworking rooms, building facades) drawn as SVG from a fixed seed
 * and encoded to 1600x1067 JPEG with sharp. Nothing is fetched from the network.
 * Pool files are shared by every seed (their content never depends on the seed option).
 */

export const DEMO_IMAGE_WIDTH = 1600;
export const DEMO_IMAGE_HEIGHT = 1067;
const W = DEMO_IMAGE_WIDTH;
const H = DEMO_IMAGE_HEIGHT;

export type DemoImageKind = PropertyTypeSlug | 'facade';

/** Share of each kind in the pool (32 images by default: 9 office, 7 retail, 6 warehouse, 6 coworking, 4 facade). */
const POOL_WEIGHTS: Array<[DemoImageKind, number]> = [
  ['office', 9],
  ['retail', 7],
  ['warehouse', 6],
  ['coworking', 6],
  ['facade', 4],
];

export const DEFAULT_IMAGE_POOL_SIZE = 32;

export function demoImageKey(kind: DemoImageKind, n: number): string {
  return `properties/demo/${kind}-${String(n).padStart(2, '0')}.jpg`;
}

/** Storage keys of the pool, per kind; every kind gets at least one image. */
export function demoImagePool(size = DEFAULT_IMAGE_POOL_SIZE): Record<DemoImageKind, string[]> {
  const total = POOL_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  const counts = POOL_WEIGHTS.map(([kind, w]) => [kind, Math.max(1, Math.floor((size * w) / total))] as [DemoImageKind, number]);
  // Hand out what rounding left over, biggest weights first, so the pool has `size` images.
  for (let i = 0; counts.reduce((s, [, c]) => s + c, 0) < size; i = (i + 1) % counts.length) counts[i][1]++;
  const pool = {} as Record<DemoImageKind, string[]>;
  for (const [kind, count] of counts) pool[kind] = Array.from({ length: count }, (_, i) => demoImageKey(kind, i + 1));
  return pool;
}

// ---------------------------------------------------------------------------------------
// Drawing helpers

const hsl = (h: number, s: number, l: number, a = 1) =>
  a === 1 ? `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)` : `hsla(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%,${a})`;

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}" ${extra}/>`;

const poly = (points: Array<[number, number]>, fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;

const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="${fill}" ${extra}/>`;

const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" rx="${rx.toFixed(1)}" ry="${ry.toFixed(1)}" fill="${fill}" ${extra}/>`;

const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = '') =>
  `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;

function gradient(id: string, stops: string[], vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}>${stops
    .map((c, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(2)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;

/** Snow-capped ridge of the Trans-Ili Alatau seen from the city, inside a box. */
function mountains(r: Random, x0: number, x1: number, base: number, height: number, color: string, snow: string): string {
  const pts: Array<[number, number]> = [[x0, base]];
  const peaks: Array<[number, number]> = [];
  const n = r.int(4, 7);
  for (let i = 0; i <= n; i++) {
    const x = x0 + ((x1 - x0) * i) / n;
    const y = base - height * r.float(0.45, 1);
    pts.push([x, y]);
    peaks.push([x, y]);
    if (i < n) pts.push([x + (x1 - x0) / n / 2, base - height * r.float(0.15, 0.45)]);
  }
  pts.push([x1, base]);
  let out = poly(pts, color);
  for (const [x, y] of peaks) {
    const d = height * 0.14;
    out += poly(
      [
        [x, y],
        [x + d * 1.2, y + d],
        [x + d * 0.4, y + d * 0.8],
        [x - d * 0.3, y + d * 1.1],
        [x - d * 1.1, y + d],
      ],
      snow,
    );
  }
  return out;
}

function skyline(r: Random, x0: number, x1: number, base: number, color: string, window: string): string {
  let out = '';
  let x = x0;
  while (x < x1) {
    const w = r.float(40, 110);
    const h = r.float(60, 260);
    out += rect(x, base - h, w, h, color);
    for (let wy = base - h + 12; wy < base - 10; wy += 22)
      for (let wx = x + 8; wx < x + w - 10; wx += 18) if (r.chance(0.45)) out += rect(wx, wy, 8, 10, window);
    x += w + r.float(4, 20);
  }
  return out;
}

function plant(r: Random, x: number, base: number, scale: number, leaf: string, pot: string): string {
  let out = poly(
    [
      [x - 38 * scale, base - 70 * scale],
      [x + 38 * scale, base - 70 * scale],
      [x + 28 * scale, base],
      [x - 28 * scale, base],
    ],
    pot,
  );
  for (let i = 0; i < 9; i++) {
    const a = -150 + i * 15 + r.float(-6, 6);
    const len = r.float(70, 120) * scale;
    out += ellipse(
      x,
      base - 70 * scale - len / 2,
      16 * scale,
      len / 2,
      leaf,
      `transform="rotate(${(a + 90).toFixed(1)} ${x.toFixed(1)} ${(base - 70 * scale).toFixed(1)})" opacity="0.92"`,
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Scenes

function officeScene(r: Random): string {
  const hue = r.float(0, 360);
  const wall = hsl(r.float(25, 45), r.float(10, 25), r.float(88, 94));
  const wall2 = hsl(r.float(25, 45), r.float(8, 20), r.float(78, 85));
  const accent = hsl(hue, r.float(45, 70), r.float(40, 55));
  const wood = hsl(r.float(25, 38), r.float(35, 55), r.float(45, 62));
  const floorA = hsl(r.float(20, 35), r.float(15, 35), r.float(55, 68));
  const floorB = hsl(r.float(20, 35), r.float(15, 35), r.float(38, 48));
  const skyTop = hsl(r.float(195, 215), r.float(55, 75), r.float(55, 68));
  const skyBottom = hsl(r.float(190, 210), r.float(40, 60), r.float(82, 90));
  const windows = r.int(2, 4);
  const gap = 50;
  const ww = (1300 - gap * (windows - 1)) / windows;
  const wx = (i: number) => 150 + i * (ww + gap);
  const defs =
    gradient('wall', [wall, wall2]) +
    gradient('sky', [skyTop, skyBottom]) +
    gradient('floor', [floorA, floorB]) +
    gradient('screen', [hsl(hue, 60, 60), hsl(hue + 40, 60, 35)]) +
    `<clipPath id="win">${Array.from({ length: windows }, (_, i) => rect(wx(i), 190, ww, 440, '#000')).join('')}</clipPath>`;
  let b = rect(0, 0, W, H, 'url(#wall)');
  b += rect(0, 0, W, 110, hsl(0, 0, 96));
  for (let i = 0; i < 4; i++) b += rect(140 + i * 360, 38, 240, 34, '#ffffff', 'rx="6"') + rect(140 + i * 360, 72, 240, 6, hsl(0, 0, 88));
  // Windows with the city and the mountains.
  b += `<g clip-path="url(#win)">${rect(150, 190, 1300, 440, 'url(#sky)')}${mountains(r, 150, 1450, 470, 200, hsl(210, 20, 62), '#f4f7fb')}${skyline(r, 140, 1460, 632, hsl(215, 18, r.float(38, 48)), hsl(45, 80, 80))}</g>`;
  const frame = hsl(0, 0, r.float(22, 40));
  for (let i = 0; i < windows; i++) {
    const x = wx(i);
    b += rect(x - 10, 180, ww + 20, 14, frame) + rect(x - 10, 626, ww + 20, 14, frame);
    b += rect(x - 10, 180, 14, 460, frame) + rect(x + ww - 4, 180, 14, 460, frame) + rect(x + ww / 2 - 4, 190, 8, 440, frame);
  }
  // Floor with planks converging to the vanishing point.
  b += rect(0, 745, W, H - 745, 'url(#floor)') + rect(0, 740, W, 10, hsl(0, 0, 35));
  for (let x = -1200; x <= 2800; x += 160) b += line(800 + (x - 800) * 0.25, 750, x, H, hsl(0, 0, 0, 0.12), 2);
  // Pendant lamps.
  for (let i = 0; i < 3; i++) {
    const x = 330 + i * 470;
    b +=
      line(x, 110, x, 230, hsl(0, 0, 20), 3) +
      poly(
        [
          [x - 55, 290],
          [x + 55, 290],
          [x + 22, 228],
          [x - 22, 228],
        ],
        accent,
      ) +
      ellipse(x, 292, 40, 8, hsl(50, 100, 85));
  }
  // Desks with monitors and chairs.
  const desks = r.int(2, 3);
  for (let i = 0; i < desks; i++) {
    const cx = (W / (desks + 1)) * (i + 1) + r.float(-40, 40);
    const y = 820 + r.float(-10, 20);
    b +=
      poly(
        [
          [cx - 230, y],
          [cx + 230, y],
          [cx + 260, y + 40],
          [cx - 260, y + 40],
        ],
        wood,
      ) + rect(cx - 260, y + 40, 520, 16, hsl(30, 30, 30));
    b += rect(cx - 245, y + 56, 14, 150, hsl(0, 0, 25)) + rect(cx + 231, y + 56, 14, 150, hsl(0, 0, 25));
    b +=
      rect(cx - 90, y - 130, 180, 112, hsl(0, 0, 15), 'rx="6"') +
      rect(cx - 80, y - 122, 160, 94, 'url(#screen)') +
      rect(cx - 10, y - 18, 20, 18, hsl(0, 0, 20));
    b += rect(cx - 70, y + 10, 140, 14, hsl(0, 0, 85), 'rx="3"') + circle(cx + 130, y + 14, 14, hsl(hue + 180, 50, 60));
    b +=
      rect(cx - 70, y + 70, 140, 110, accent, 'rx="22"') +
      rect(cx - 85, y + 170, 170, 34, accent, 'rx="14"') +
      rect(cx - 6, y + 204, 12, 50, hsl(0, 0, 20));
  }
  b += plant(r, 80, 1000, 1.3, hsl(r.float(95, 140), 45, 35), hsl(0, 0, 95));
  b += plant(r, 1520, 1000, 1.1, hsl(r.float(95, 140), 45, 32), accent);
  return svg(defs, b);
}

function retailScene(r: Random): string {
  const hue = r.float(0, 360);
  const accent = hsl(hue, r.float(55, 75), r.float(38, 50));
  const accentLight = hsl(hue, 60, 92);
  const stone = hsl(r.float(25, 45), r.float(10, 25), r.float(70, 82));
  const glassTop = hsl(r.float(190, 210), 30, 70);
  const defs =
    gradient('sky', [hsl(205, 70, 62), hsl(200, 60, 88)]) +
    gradient('shop', [hsl(40, 80, 92), hsl(35, 60, 78)]) +
    gradient('glass', [glassTop, hsl(205, 30, 45)]) +
    gradient('street', [hsl(0, 0, 62), hsl(0, 0, 48)]);
  let b = rect(0, 0, W, H, 'url(#sky)');
  b += rect(0, 40, W, 860, stone);
  // Upper floors.
  for (let row = 0; row < 2; row++)
    for (let i = 0; i < 7; i++) {
      const x = 90 + i * 210;
      const y = 80 + row * 150;
      b +=
        rect(x, y, 150, 110, 'url(#glass)') +
        rect(x - 6, y + 110, 162, 10, hsl(0, 0, 90)) +
        line(x + 75, y, x + 75, y + 110, hsl(0, 0, 90), 4);
    }
  // Sign board with an abstract logo.
  b += rect(110, 370, 1380, 100, accent, 'rx="8"') + circle(220, 420, 32, accentLight);
  for (let i = 0; i < r.int(3, 5); i++) b += rect(290 + i * 120, 405, r.float(70, 105), 30, accentLight, 'rx="6"');
  // Striped awning.
  const stripes = 16;
  for (let i = 0; i < stripes; i++) {
    const x = 110 + (i * 1380) / stripes;
    const w = 1380 / stripes;
    b += poly(
      [
        [x, 475],
        [x + w, 475],
        [x + w + 6, 545],
        [x - 6, 545],
      ],
      i % 2 ? '#ffffff' : accent,
    );
    b += ellipse(x + w / 2, 545, w / 2 + 6, 14, i % 2 ? '#ffffff' : accent);
  }
  // Shop window with shelves and goods.
  b += rect(110, 560, 1380, 330, 'url(#shop)');
  for (let s = 0; s < 3; s++) {
    const y = 650 + s * 80;
    b += rect(150, y, 520, 8, hsl(30, 30, 45)) + rect(930, y, 520, 8, hsl(30, 30, 45));
    for (let x = 160; x < 650; x += r.float(34, 60)) {
      const h = r.float(28, 60);
      b += rect(x, y - h, r.float(22, 36), h, hsl(r.float(0, 360), r.float(45, 75), r.float(45, 65)), 'rx="3"');
    }
    for (let x = 940; x < 1430; x += r.float(34, 60)) {
      const h = r.float(28, 60);
      b += rect(x, y - h, r.float(22, 36), h, hsl(r.float(0, 360), r.float(45, 75), r.float(45, 65)), 'rx="3"');
    }
  }
  // Glass reflections, frames and the door.
  b +=
    poly(
      [
        [200, 560],
        [330, 560],
        [190, 890],
        [60, 890],
      ],
      'rgba(255,255,255,0.18)',
    ) +
    poly(
      [
        [1050, 560],
        [1120, 560],
        [990, 890],
        [920, 890],
      ],
      'rgba(255,255,255,0.15)',
    );
  b +=
    rect(720, 580, 160, 310, hsl(205, 25, 35), 'rx="4"') +
    rect(735, 595, 130, 280, 'url(#glass)') +
    rect(850, 720, 10, 60, hsl(0, 0, 85), 'rx="4"');
  for (const x of [110, 700, 880, 1480]) b += rect(x, 560, 12, 330, hsl(0, 0, 25));
  b += rect(110, 880, 1380, 12, hsl(0, 0, 25));
  // Pavement, planters, a street lamp.
  b += rect(0, 900, W, H - 900, 'url(#street)');
  for (let x = 0; x < W; x += 120) b += line(x, 900, x - 60, H, hsl(0, 0, 40, 0.5), 2);
  b += line(0, 980, W, 980, hsl(0, 0, 40, 0.5), 2);
  for (const x of [40, 1560])
    b +=
      rect(x - 40, 860, 80, 60, hsl(0, 0, 30), 'rx="6"') +
      circle(x, 800, 70, hsl(r.float(95, 135), 45, 35)) +
      circle(x - 30, 770, 45, hsl(r.float(95, 135), 50, 42));
  b +=
    rect(1530, 420, 10, 480, hsl(0, 0, 20)) +
    rect(1490, 410, 90, 20, hsl(0, 0, 20), 'rx="8"') +
    ellipse(1535, 432, 30, 8, hsl(50, 100, 85));
  return svg(defs, b);
}

function warehouseScene(r: Random): string {
  const hue = r.float(190, 230);
  const wall = hsl(hue, r.float(8, 20), r.float(70, 80));
  const rack = hsl(r.float(15, 30), r.float(75, 90), r.float(48, 55));
  const beam = hsl(r.float(205, 225), r.float(55, 75), r.float(35, 45));
  const door = hsl(r.float(0, 360), r.float(30, 55), r.float(45, 60));
  const defs =
    gradient('ceiling', [hsl(hue, 10, 35), hsl(hue, 10, 55)]) +
    gradient('floor', [hsl(0, 0, 70), hsl(0, 0, 52)]) +
    gradient('side', [hsl(hue, 10, 62), hsl(hue, 10, 72)], false) +
    `<pattern id="ribs" width="24" height="24" patternUnits="userSpaceOnUse">${rect(0, 0, 24, 24, wall)}${rect(0, 0, 6, 24, hsl(hue, 12, 64))}</pattern>`;
  const bx0 = 380;
  const bx1 = 1220;
  const by0 = 260;
  const by1 = 720;
  let b = poly(
    [
      [0, 0],
      [W, 0],
      [bx1, by0],
      [bx0, by0],
    ],
    'url(#ceiling)',
  );
  for (let i = 1; i < 6; i++) {
    const t = i / 6;
    const y = by0 * (1 - t * t * 0.0) * t;
    b += line(bx0 * t, y, W - (W - bx1) * t, y, hsl(0, 0, 25), 6);
  }
  for (let i = 0; i < 3; i++) {
    const t = 0.25 + i * 0.25;
    b += poly(
      [
        [bx0 * t + 120, by0 * t],
        [W - (W - bx1) * t - 120, by0 * t],
        [W - (W - bx1) * (t + 0.08) - 140, by0 * (t + 0.08)],
        [bx0 * (t + 0.08) + 140, by0 * (t + 0.08)],
      ],
      hsl(200, 60, 92),
    );
  }
  b +=
    poly(
      [
        [0, 0],
        [bx0, by0],
        [bx0, by1],
        [0, H],
      ],
      'url(#side)',
    ) +
    poly(
      [
        [W, 0],
        [bx1, by0],
        [bx1, by1],
        [W, H],
      ],
      'url(#side)',
    );
  b += rect(bx0, by0, bx1 - bx0, by1 - by0, 'url(#ribs)');
  // Roller doors in the back wall.
  for (let i = 0; i < 2; i++) {
    const x = 470 + i * 360;
    b += rect(x - 8, 400, 316, 328, hsl(0, 0, 35)) + rect(x, 410, 300, 310, door);
    for (let y = 420; y < 720; y += 18) b += line(x, y, x + 300, y, hsl(0, 0, 0, 0.18), 3);
    b += rect(x + 110, 370, 80, 22, hsl(120, 60, 40), 'rx="3"');
  }
  // Floor with yellow lanes.
  b += poly(
    [
      [bx0, by1],
      [bx1, by1],
      [W, H],
      [0, H],
    ],
    'url(#floor)',
  );
  b +=
    poly(
      [
        [bx0 + 140, by1],
        [bx0 + 150, by1],
        [330, H],
        [270, H],
      ],
      hsl(50, 95, 55),
    ) +
    poly(
      [
        [bx1 - 150, by1],
        [bx1 - 140, by1],
        [W - 270, H],
        [W - 330, H],
      ],
      hsl(50, 95, 55),
    );
  // Pallet racks on both sides, in front of the side walls.
  const rackSide = (x0: number, x1: number) => {
    let out = '';
    const levels = [380, 560, 740, 920];
    for (const x of [x0, (x0 + x1) / 2, x1]) out += rect(x - 10, 200, 20, 800, rack);
    for (const y of levels) {
      out += rect(x0 - 10, y, x1 - x0 + 20, 16, beam);
      for (let x = x0 + 20; x < x1 - 60; x += r.float(90, 140)) {
        const w = r.float(70, 110);
        const h = r.float(80, 140);
        out +=
          rect(x, y - 12, w, 12, hsl(30, 35, 45)) +
          rect(x + 4, y - 12 - h, w - 8, h, hsl(r.float(25, 40), r.float(35, 55), r.float(50, 65)), 'rx="2"');
        out += line(x + 4, y - 12 - h / 2, x + w - 4, y - 12 - h / 2, hsl(30, 30, 35, 0.5), 3);
      }
    }
    return out;
  };
  b += rackSide(20, 340) + rackSide(1260, 1580);
  // Forklift.
  const fx = r.float(620, 900);
  b +=
    rect(fx, 760, 170, 110, hsl(48, 95, 52), 'rx="10"') + rect(fx + 40, 690, 90, 80, 'none', `stroke="${hsl(0, 0, 15)}" stroke-width="10"`);
  b +=
    rect(fx - 26, 640, 16, 240, hsl(0, 0, 20)) +
    rect(fx - 90, 860, 80, 10, hsl(0, 0, 20)) +
    circle(fx + 35, 880, 30, hsl(0, 0, 12)) +
    circle(fx + 140, 880, 30, hsl(0, 0, 12));
  return svg(defs, b);
}

function coworkingScene(r: Random): string {
  const hue = r.float(0, 360);
  const brick = hsl(r.float(8, 22), r.float(40, 60), r.float(45, 55));
  const mortar = hsl(20, 15, 80);
  const accent = hsl(hue, r.float(55, 75), r.float(50, 60));
  const accent2 = hsl(hue + 120, r.float(45, 65), r.float(50, 60));
  const wood = hsl(r.float(28, 38), r.float(40, 55), r.float(55, 65));
  const defs =
    `<pattern id="brick" width="120" height="56" patternUnits="userSpaceOnUse">${rect(0, 0, 120, 56, mortar)}${rect(2, 2, 116, 24, brick)}${rect(-58, 30, 116, 24, brick)}${rect(62, 30, 116, 24, brick)}</pattern>` +
    gradient('floor', [hsl(30, 20, 60), hsl(30, 20, 42)]) +
    gradient('sky', [hsl(200, 70, 70), hsl(195, 50, 90)]) +
    `<radialGradient id="glow"><stop offset="0" stop-color="rgba(255,236,170,0.5)"/><stop offset="1" stop-color="rgba(255,236,170,0)"/></radialGradient>`;
  let b = rect(0, 0, W, 760, 'url(#brick)');
  // Big window on the right.
  b += rect(1040, 110, 480, 520, 'url(#sky)') + mountains(r, 1040, 1520, 500, 170, hsl(210, 20, 64), '#f6f8fb');
  b += `<g>${skyline(r, 1040, 1520, 630, hsl(215, 15, 45), hsl(45, 80, 80))}</g>`;
  b +=
    rect(1030, 100, 500, 540, 'none', `stroke="${hsl(0, 0, 15)}" stroke-width="16"`) +
    rect(1274, 100, 12, 540, hsl(0, 0, 15)) +
    rect(1030, 360, 500, 12, hsl(0, 0, 15));
  // Bookshelf and an abstract wall sign.
  b += rect(80, 160, 360, 420, hsl(30, 25, 25));
  for (let s = 0; s < 4; s++) {
    const y = 170 + s * 104;
    b += rect(90, y + 90, 340, 8, hsl(30, 30, 40));
    for (let x = 100; x < 410; x += r.float(18, 30)) {
      const h = r.float(50, 85);
      b += rect(x, y + 90 - h, r.float(12, 20), h, hsl(r.float(0, 360), r.float(35, 65), r.float(40, 65)));
    }
  }
  // A framed poster of simple shapes.
  b += rect(560, 180, 280, 360, hsl(0, 0, 12)) + rect(576, 196, 248, 328, hsl(40, 40, 94));
  b +=
    circle(660, 300, 62, accent) +
    poly(
      [
        [620, 500],
        [800, 500],
        [740, 360],
      ],
      accent2,
      'opacity="0.9"',
    ) +
    rect(700, 230, 90, 18, hsl(0, 0, 20));
  // Floor.
  b += rect(0, 760, W, H - 760, 'url(#floor)');
  for (let x = -800; x <= 2400; x += 200) b += line(800 + (x - 800) * 0.3, 760, x, H, hsl(0, 0, 0, 0.1), 2);
  // Pendant lamps with warm light.
  for (let i = 0; i < 4; i++) {
    const x = 280 + i * 330;
    b +=
      line(x, 0, x, 250, hsl(0, 0, 10), 3) +
      poly(
        [
          [x - 45, 320],
          [x + 45, 320],
          [x + 15, 250],
          [x - 15, 250],
        ],
        hsl(0, 0, 12),
      ) +
      ellipse(x, 420, 160, 110, 'url(#glow)');
  }
  // Chairs behind the long table.
  for (let i = 0; i < 6; i++) {
    const x = 260 + i * 200;
    b += rect(x - 50, 620, 100, 120, i % 2 ? accent : accent2, 'rx="20"');
  }
  // Long communal table with laptops and mugs.
  b +=
    poly(
      [
        [160, 720],
        [1440, 720],
        [1500, 790],
        [100, 790],
      ],
      wood,
    ) + rect(100, 790, 1400, 18, hsl(30, 30, 30));
  for (const x of [150, 1430]) b += rect(x, 808, 20, 180, hsl(0, 0, 15));
  for (let i = 0; i < 5; i++) {
    const x = 300 + i * 230 + r.float(-30, 30);
    b +=
      poly(
        [
          [x - 60, 700],
          [x + 60, 700],
          [x + 50, 640],
          [x - 50, 640],
        ],
        hsl(0, 0, 75),
      ) +
      poly(
        [
          [x - 44, 696],
          [x + 44, 696],
          [x + 36, 648],
          [x - 36, 648],
        ],
        hsl(hue, 50, 45),
      );
    b += poly(
      [
        [x - 75, 748],
        [x + 75, 748],
        [x + 62, 716],
        [x - 62, 716],
      ],
      hsl(0, 0, 82),
    );
    b += rect(x + 95, 712, 24, 30, hsl(r.float(0, 360), 50, 60), 'rx="4"');
  }
  b += plant(r, 1540, 1040, 1.4, hsl(r.float(95, 140), 45, 33), hsl(0, 0, 92));
  b += plant(r, 620, 740, 0.6, hsl(r.float(95, 140), 45, 38), hsl(0, 0, 20));
  return svg(defs, b);
}

function facadeScene(r: Random): string {
  const evening = r.chance(0.35);
  const skyTop = evening ? hsl(r.float(225, 245), 45, 35) : hsl(r.float(200, 215), 70, 55);
  const skyBottom = evening ? hsl(r.float(20, 35), 85, 70) : hsl(r.float(190, 205), 55, 88);
  const glassA = hsl(r.float(195, 220), r.float(35, 55), evening ? 35 : r.float(45, 55));
  const glassB = hsl(r.float(195, 220), r.float(30, 50), evening ? 20 : r.float(25, 35));
  const lit = evening ? hsl(45, 90, 70) : hsl(200, 40, 80);
  const defs =
    gradient('sky', [skyTop, skyBottom]) +
    gradient('glass', [glassA, glassB], false) +
    gradient('glass2', [glassB, glassA], false) +
    gradient('road', [hsl(0, 0, 30), hsl(0, 0, 22)]);
  let b = rect(0, 0, W, H, 'url(#sky)');
  b += mountains(r, -50, W + 50, 620, 330, hsl(215, 20, evening ? 40 : 66), evening ? hsl(20, 60, 88) : '#f5f8fc');
  b += mountains(r, -50, W + 50, 700, 170, hsl(150, 15, evening ? 25 : 45), hsl(150, 15, evening ? 25 : 45));
  // Neighbouring blocks.
  const block = (x: number, w: number, top: number, color: string) => {
    let out = rect(x, top, w, 940 - top, color);
    for (let y = top + 30; y < 900; y += 48)
      for (let wx = x + 24; wx < x + w - 40; wx += 52) out += rect(wx, y, 30, 28, r.chance(evening ? 0.5 : 0.2) ? lit : hsl(210, 20, 40));
    return out;
  };
  b += block(40, 360, r.float(420, 560), hsl(r.float(20, 40), 15, r.float(60, 72)));
  b += block(1180, 380, r.float(380, 520), hsl(r.float(20, 40), 12, r.float(55, 68)));
  // The glass tower with a stepped crown.
  const tx0 = 520;
  const tx1 = 1080;
  const top = r.float(90, 150);
  b += rect(tx0 + 80, top - 60, tx1 - tx0 - 160, 70, 'url(#glass2)') + rect(tx0 + 200, top - 120, tx1 - tx0 - 400, 70, 'url(#glass)');
  b += rect(tx0, top, tx1 - tx0, 940 - top, 'url(#glass)');
  for (let y = top + 34; y < 940; y += 34) b += line(tx0, y, tx1, y, 'rgba(255,255,255,0.22)', 2);
  for (let x = tx0 + 56; x < tx1; x += 56) b += line(x, top, x, 940, 'rgba(0,0,0,0.18)', 3);
  if (evening)
    for (let i = 0; i < 40; i++) b += rect(tx0 + 56 * r.int(0, 9) + 4, top + 34 * r.int(1, 22) + 4, 48, 26, lit, 'opacity="0.85"');
  b += poly(
    [
      [tx0 + 60, top],
      [tx0 + 200, top],
      [tx0 + 40, 940],
      [tx0, 940],
      [tx0, top + 200],
    ],
    'rgba(255,255,255,0.14)',
  );
  b += rect(tx0 + 180, 860, tx1 - tx0 - 360, 80, hsl(0, 0, 15)) + rect(tx0 + 200, 870, tx1 - tx0 - 400, 70, lit, 'opacity="0.7"');
  // Street with trees.
  b += rect(0, 940, W, 30, hsl(0, 0, 70)) + rect(0, 970, W, H - 970, 'url(#road)');
  for (let x = 40; x < W; x += 160) b += rect(x, 1015, 80, 10, hsl(0, 0, 90));
  for (let x = 60; x < W; x += r.float(170, 230)) {
    if (x > tx0 + 120 && x < tx1 - 120) continue;
    const g = hsl(r.float(95, 135), r.float(35, 50), r.float(28, 40));
    b += rect(x - 8, 880, 16, 70, hsl(25, 40, 25)) + circle(x, 850, 52, g) + circle(x - 34, 880, 36, g) + circle(x + 36, 878, 38, g);
  }
  return svg(defs, b);
}

const SCENES: Record<DemoImageKind, (r: Random) => string> = {
  office: officeScene,
  retail: retailScene,
  warehouse: warehouseScene,
  coworking: coworkingScene,
  facade: facadeScene,
};

/** The SVG drawing of pool image `n` of a kind (deterministic). */
export function demoImageSvg(kind: DemoImageKind, n: number): string {
  const r = new Random(hashSeed('demo-image', kind, n));
  const drawing = SCENES[kind](r);
  // Every other image is mirrored, so images of one kind differ in layout too.
  return n % 2 === 0
    ? drawing.replace(/<\/defs>([\s\S]*)<\/svg>$/, `</defs><g transform="translate(${W},0) scale(-1,1)">$1</g></svg>`)
    : drawing;
}

/** One pool image as a 1600x1067 JPEG. */
export async function renderDemoImage(kind: DemoImageKind, n: number): Promise<Buffer> {
  return openImage(Buffer.from(demoImageSvg(kind, n)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 84, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/**
 * Makes sure every pool image exists in the storage (an existing file is kept).
 * Returns the pool and how many files were written.
 */
export async function ensureDemoImagePool(
  storage: FileStorage,
  size = DEFAULT_IMAGE_POOL_SIZE,
): Promise<{ pool: Record<DemoImageKind, string[]>; written: number }> {
  const pool = demoImagePool(size);
  const todo: Array<{ kind: DemoImageKind; n: number; key: string }> = [];
  for (const kind of Object.keys(pool) as DemoImageKind[])
    for (let i = 0; i < pool[kind].length; i++)
      if (!(await storage.exists(pool[kind][i]))) todo.push({ kind, n: i + 1, key: pool[kind][i] });
  // sharp runs on libuv's thread pool; a few at a time keeps every core busy.
  const parallel = 4;
  for (let i = 0; i < todo.length; i += parallel)
    await Promise.all(todo.slice(i, i + parallel).map(async (t) => storage.put(t.key, await renderDemoImage(t.kind, t.n))));
  return { pool, written: todo.length };
}
