// Draws every picture of the demo brand as a small stylised SVG, with no dependencies and no network:
//   node brands/demo/scripts/draw-pictures.mjs
// The list at the bottom names each file under brands/demo/media and what to draw in it. Pictures are
// 16:9 (viewBox 0 0 640 360), built from simple shapes; a seeded random per file name varies the details.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MEDIA = join(dirname(fileURLToPath(import.meta.url)), '..', 'media');
const FONT = 'system-ui, sans-serif';
const PRIMARY = '#5bd0a4';

const C = {
  nori: '#1f2d27',
  rice: '#f3efe4',
  salmon: '#f08a5d',
  tuna: '#c8384a',
  eel: '#7a4a2b',
  shrimp: '#f6a78a',
  avocado: '#8cbf5a',
  cucumber: '#5fae63',
  cheese: '#fffaf0',
  crab: '#ff7b6b',
  tobiko: '#ff8c2a',
  sesame: '#e8d9b0',
  cap: '#f2b84b',
  crust: '#c6782e',
  chicken: '#d9a066',
  mussel: '#3b3346',
};

// ---- helpers ----------------------------------------------------------------------------------------

function hash(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** A small seeded random (mulberry32), so the pictures come out the same on every run. */
function randomFor(name) {
  let a = hash(name);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const r0 = (n) => Math.round(n);
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const BACKGROUNDS = ['#16191c', '#171b1f', '#1a1716', '#141a19', '#1b1a20', '#181c1a'];

function svg(body, { bg = '#16191c', view = '0 0 640 360' } = {}) {
  const [, , w, h] = view.split(' ');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${view}" width="${w}" height="${h}">` +
    `<rect width="${w}" height="${h}" fill="${bg}"/>${body}</svg>\n`
  );
}

const circle = (x, y, r, fill, extra = '') =>
  `<circle cx="${r0(x)}" cy="${r0(y)}" r="${r0(r)}" fill="${fill}"${extra}/>`;
const ellipse = (x, y, rx, ry, fill, extra = '') =>
  `<ellipse cx="${r0(x)}" cy="${r0(y)}" rx="${r0(rx)}" ry="${r0(ry)}" fill="${fill}"${extra}/>`;
const rect = (x, y, w, h, fill, rx = 0, extra = '') =>
  `<rect x="${r0(x)}" y="${r0(y)}" width="${r0(w)}" height="${r0(h)}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
const use = (id, x, y) => `<use href="#${id}" x="${r0(x)}" y="${r0(y)}"/>`;
const text = (x, y, size, fill, value, extra = '') =>
  `<text x="${r0(x)}" y="${r0(y)}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${fill}"${extra}>${value}</text>`;

/** A dark slate board with a lighter edge. */
const slate = (x, y, w, h) => rect(x, y + 6, w, h, '#0d0f11', 14) + rect(x, y, w, h, '#2b3136', 14);
/** A dark round plate seen from above. */
const plate = (x, y, r) =>
  circle(x, y + 5, r, '#0d0f11') + circle(x, y, r, '#30363b') + circle(x, y, r * 0.8, '#262b30');
/** Ginger and wasabi at the side of a board. */
const sides = (x, y) =>
  ellipse(x, y, 22, 12, '#f4b6b0') +
  ellipse(x + 8, y - 6, 18, 10, '#f7c9c2') +
  circle(x + 2, y + 30, 12, '#9bc25a');

// ---- dishes ----------------------------------------------------------------------------------------

/** One roll piece at the origin: an outer layer, rice, a nori ring and the filling. */
function rollPiece(id, o, rnd, r = 34) {
  const outer = o.nori ? C.nori : (o.outer ?? C.rice);
  let s = circle(0, 0, r, outer);
  if (o.cap) {
    // Seen from above, a baked roll is a golden cheese cap inside a rim of rice, browned in spots.
    s += circle(0, 0, r - 5, o.cap);
    for (let i = 0; i < 6; i++)
      s += circle(rnd() * r - r / 2, rnd() * r - r / 2, 2 + rnd() * 4, C.crust, ' opacity=".8"');
    return `<g id="${id}">${s}${circle(rnd() * 10 - 5, rnd() * 10 - 5, 3, '#6fbf4a')}</g>`;
  }
  s += o.nori ? circle(0, 0, r - 4, C.rice) : circle(0, 0, r - 7, C.rice);
  s += circle(0, 0, r * 0.5, C.nori) + circle(0, 0, r * 0.5 - 3, C.rice);
  const fill = o.fill ?? [C.salmon];
  fill.forEach((f, i) => {
    const a = (i / fill.length) * Math.PI * 2 + rnd();
    s += circle(Math.cos(a) * r * 0.2, Math.sin(a) * r * 0.2, r * 0.22, f);
  });
  if (o.dots)
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2 + rnd() * 0.5;
      s += circle(Math.cos(a) * (r - 3), Math.sin(a) * (r - 3), 2.5, o.dots);
    }
  return `<g id="${id}">${s}</g>`;
}

function rolls(o, rnd) {
  const defs = rollPiece('a', o, rnd, 38);
  let s = slate(50, 60, 540, 240);
  for (let i = 0; i < 4; i++) s += use('a', 130 + i * 92, 136 + (i % 2) * 10);
  for (let i = 0; i < 3; i++) s += use('a', 176 + i * 92, 226 - (i % 2) * 8);
  // A zigzag of sauce over the whole row.
  if (o.glaze)
    s += `<path d="M100 120 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 M146 210 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40" stroke="${o.glaze}" stroke-width="5" fill="none" stroke-linejoin="round"/>`;
  return `<defs>${defs}</defs>${s}${sides(520, 200)}`;
}

function nigiriPiece(id, o) {
  let s = ellipse(0, 8, 62, 24, C.rice) + ellipse(0, -2, 72, 27, o.fish);
  if (o.stripes)
    for (let i = -2; i <= 2; i++)
      s += `<path d="M${i * 24 - 10} -24 q12 22 ${24} 44" stroke="${o.stripes}" stroke-width="4" fill="none" opacity=".6"/>`;
  if (o.belt) s += rect(-9, -30, 18, 60, C.nori, 3);
  if (o.tail) s += `<path d="M62 -8 l26 -16 l-6 22 l10 14 z" fill="${o.fish}"/>`;
  return `<g id="${id}">${s}</g>`;
}

function nigiri(o) {
  return `<defs>${nigiriPiece('n', o)}</defs>${slate(70, 80, 500, 200)}${use('n', 220, 160)}${use('n', 400, 200)}${sides(530, 140)}`;
}

function gunkan(o, rnd) {
  let g =
    rect(-42, -10, 84, 58, C.nori, 10) + ellipse(0, -10, 42, 18, C.rice) + ellipse(0, -16, 38, 16, o.top);
  for (let i = 0; i < 8; i++)
    g += circle(rnd() * 56 - 28, -18 + rnd() * 10 - 5, 3, o.dots ?? '#ffffff', ' opacity=".7"');
  return `<defs><g id="g">${g}</g></defs>${slate(80, 90, 480, 190)}${use('g', 240, 180)}${use('g', 400, 190)}${sides(520, 150)}`;
}

function maki(o, rnd) {
  const defs = rollPiece('m', { nori: true, fill: o.fill }, rnd, 26);
  let s = slate(70, 90, 500, 190);
  for (let i = 0; i < 6; i++) s += use('m', 150 + i * 62, 185 + (i % 2 ? 14 : -14));
  return `<defs>${defs}</defs>${s}`;
}

function set(o, rnd) {
  const types = o.types;
  const defs = types.map((t, i) => rollPiece(`s${i}`, t, rnd, 28)).join('');
  let s = slate(40, 50, 560, 260);
  const cols = 8;
  const rows = o.rows ?? 3;
  for (let y = 0; y < rows; y++)
    for (let x = 0; x < cols; x++)
      s += use(`s${(x >> 1) % types.length}`, 92 + x * 64 + (y % 2) * 8, 110 + y * (200 / rows) + 10);
  return `<defs>${defs}</defs>${s}`;
}

function pizza(rnd) {
  let s = plate(320, 180, 160) + circle(320, 180, 128, C.crust) + circle(320, 180, 118, C.rice);
  for (let i = 0; i < 10; i++) {
    const a = rnd() * 6.28;
    const d = 20 + rnd() * 80;
    s += ellipse(320 + Math.cos(a) * d, 180 + Math.sin(a) * d, 16, 10, C.salmon);
  }
  for (let i = 0; i < 18; i++)
    s += circle(230 + rnd() * 180, 90 + rnd() * 180, 3, i % 2 ? C.tobiko : '#6fbf4a');
  for (let i = 0; i < 4; i++) {
    const a = (i * Math.PI) / 4;
    s += `<path d="M${r0(320 - Math.cos(a) * 122)} ${r0(180 - Math.sin(a) * 122)} L${r0(320 + Math.cos(a) * 122)} ${r0(180 + Math.sin(a) * 122)}" stroke="#2a2420" stroke-width="3"/>`;
  }
  return s;
}

/** A bowl from above: rim, broth, noodles and toppings. */
function bowl(o, rnd) {
  let s =
    circle(320, 186, 150, '#0d0f11') +
    circle(320, 180, 150, o.bowl ?? '#3a2a26') +
    circle(320, 180, 128, o.broth);
  if (o.noodles)
    for (let i = 0; i < 6; i++) {
      const y = 120 + i * 22;
      s += `<path d="M${220 + (i % 2) * 10} ${y} q25 -18 50 0 t50 0 t50 0 t50 0" stroke="${o.noodles}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    }
  for (const [kind, x, y] of o.top ?? []) s += topping(kind, x, y, rnd);
  if (o.sticks)
    s += `<path d="M150 60 L520 300 M170 48 L540 288" stroke="#c9a46a" stroke-width="8" stroke-linecap="round"/>`;
  return s;
}

function topping(kind, x, y, rnd) {
  switch (kind) {
    case 'egg':
      return ellipse(x, y, 28, 22, '#fbf6ea') + circle(x + 2, y, 13, '#f2a93b');
    case 'pork':
      return circle(x, y, 30, '#e8b8a0') + circle(x, y, 30, 'none', ' stroke="#8a4e32" stroke-width="5"');
    case 'nori':
      return rect(x, y, 40, 60, C.nori, 2, ` transform="rotate(-15 ${x} ${y})"`);
    case 'onion':
      return [0, 1, 2, 3, 4]
        .map((i) => circle(x + i * 9 - 18, y + (i % 2) * 8, 5, 'none', ' stroke="#7cc45a" stroke-width="3"'))
        .join('');
    case 'shrimp':
      return `<path d="M${x - 22} ${y} a22 22 0 1 1 44 0" stroke="${C.shrimp}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
    case 'tofu':
      return rect(x, y, 20, 20, '#f8f3e3', 3) + rect(x + 26, y + 8, 20, 20, '#f8f3e3', 3);
    case 'wakame':
      return ellipse(x, y, 20, 9, '#2f5a3a') + ellipse(x + 18, y + 14, 16, 8, '#2f5a3a');
    case 'meat':
      return [0, 1, 2, 3].map((i) => ellipse(x + i * 22, y + (i % 2) * 14, 14, 9, o2(rnd))).join('');
    case 'veg':
      return (
        circle(x, y, 12, '#3f9a4a') +
        circle(x + 24, y + 10, 10, '#e4572e') +
        rect(x + 40, y - 6, 26, 8, '#f29e4c', 3) +
        circle(x + 14, y + 30, 11, '#f2d14b')
      );
    case 'mushroom':
      return ellipse(x, y, 16, 11, '#d8c3a5') + ellipse(x + 30, y + 8, 14, 10, '#c9ae8b');
    case 'lime':
      return circle(x, y, 18, '#b6d957') + circle(x, y, 13, '#d9ef9a');
    case 'salmon':
      return ellipse(x, y, 24, 15, C.salmon) + ellipse(x + 34, y + 12, 22, 14, C.salmon);
    case 'corn':
      return [0, 1, 2, 3, 4, 5]
        .map((i) => circle(x + (i % 3) * 11, y + (i > 2 ? 11 : 0), 5, '#f6cf45'))
        .join('');
    default:
      return '';
  }
}
const o2 = (rnd) => pick(rnd, ['#7a4a2b', '#8b5a36', '#6e3f22']);

function salad(o, rnd) {
  let s = plate(320, 180, 150);
  for (let i = 0; i < 11; i++) {
    const a = (i / 11) * Math.PI * 2 + rnd() * 0.4;
    const d = 30 + rnd() * 55;
    const x = 320 + Math.cos(a) * d;
    const y = 180 + Math.sin(a) * d;
    s += ellipse(
      x,
      y,
      40,
      18,
      pick(rnd, o.leaves),
      ` transform="rotate(${r0(rnd() * 180)} ${r0(x)} ${r0(y)})"`,
    );
  }
  if (o.strands)
    for (let i = 0; i < 14; i++)
      s += `<path d="M${r0(240 + rnd() * 150)} ${r0(120 + rnd() * 110)} q20 ${r0(rnd() * 30 - 15)} 40 0" stroke="${o.strands}" stroke-width="4" fill="none"/>`;
  for (let i = 0; i < (o.count ?? 5); i++) s += topping(o.top, 250 + rnd() * 110, 130 + rnd() * 90, rnd);
  if (o.dressing)
    s += `<path d="M230 150 q45 40 90 0 t90 10" stroke="${o.dressing}" stroke-width="5" fill="none" opacity=".8"/>`;
  return s;
}

function cake(o) {
  const { sponge, top, cream } = o;
  let s = ellipse(320, 290, 200, 30, '#262b30');
  s += `<path d="M180 170 L460 130 L460 270 L180 290 Z" fill="${sponge}"/>`;
  s += `<path d="M180 215 L460 190 L460 205 L180 230 Z" fill="${cream}"/>`;
  s +=
    `<path d="M180 170 L460 130 L470 124 L200 152 Z" fill="${top}"/>` +
    `<path d="M180 170 L180 290" stroke="#0005" stroke-width="3"/>`;
  if (o.cherry)
    s +=
      circle(330, 120, 16, '#b3122e') +
      `<path d="M330 104 q6 -24 22 -30" stroke="#4e6b2f" stroke-width="3" fill="none"/>`;
  if (o.dust) s += circle(250, 150, 6, o.dust) + circle(300, 143, 5, o.dust) + circle(380, 134, 6, o.dust);
  return s;
}

function mochi(o) {
  let s = plate(320, 190, 150);
  o.colors.forEach((c, i) => {
    const x = 250 + i * 70;
    const y = 180 + (i % 2) * 30;
    s +=
      circle(x, y + 5, 46, '#0006') +
      circle(x, y, 46, c) +
      ellipse(x - 14, y - 18, 14, 8, '#ffffff', ' opacity=".45"');
  });
  return s;
}

function banana() {
  let s = plate(320, 180, 150);
  for (let i = 0; i < 5; i++)
    s +=
      ellipse(240 + i * 38, 180 + (i % 2) * 30 - 15, 34, 22, '#e2a547') +
      ellipse(240 + i * 38, 172 + (i % 2) * 30 - 15, 22, 10, '#f3c76b');
  s +=
    circle(390, 140, 40, '#fbf3df') +
    `<path d="M220 160 q40 30 80 0 t90 10 t60 -10" stroke="#a8622a" stroke-width="5" fill="none"/>`;
  return s;
}

function glass(o, rnd) {
  let s = ellipse(320, 312, 120, 16, '#262b30');
  s += `<path d="M250 70 L390 70 L372 310 L268 310 Z" fill="#ffffff22" stroke="#ffffff66" stroke-width="3"/>`;
  s += `<path d="M256 ${o.level ?? 120} L384 ${o.level ?? 120} L372 306 L268 306 Z" fill="${o.liquid}"/>`;
  for (let i = 0; i < (o.ice ?? 3); i++) s += rect(280 + rnd() * 60, 130 + i * 42, 34, 30, '#ffffff44', 6);
  if (o.garnish) s += circle(388, 74, 26, o.garnish) + circle(388, 74, 19, '#ffffff55');
  if (o.straw)
    s += `<path d="M345 300 L400 30" stroke="${o.straw}" stroke-width="9" stroke-linecap="round"/>`;
  if (o.foam) s += rect(254, 100, 132, 26, o.foam, 8);
  return s;
}

function bottle(o) {
  let s = ellipse(320, 318, 150, 16, '#262b30');
  s +=
    rect(282, 40, 36, 70, o.glass, 6) +
    `<path d="M282 100 Q240 120 240 170 L240 310 L360 310 L360 170 Q360 120 318 100 Z" fill="${o.glass}"/>`;
  s += rect(248, 180, 104, 80, o.label, 6) + rect(278, 30, 44, 20, o.cap, 4);
  if (o.word) s += text(300, 230, 26, '#1b1b1b', o.word, ' text-anchor="middle"');
  if (o.cup)
    s +=
      `<path d="M400 250 L470 250 L460 306 L410 306 Z" fill="${o.cup}"/>` +
      ellipse(435, 252, 35, 8, o.liquid ?? '#f3e7c2');
  return s;
}

function teapot() {
  let s = ellipse(320, 316, 180, 16, '#262b30');
  s +=
    circle(290, 210, 90, '#3e5a47') + rect(250, 108, 80, 24, '#2f4637', 8) + circle(290, 102, 12, '#2f4637');
  s += `<path d="M372 200 Q430 170 440 130" stroke="#3e5a47" stroke-width="20" fill="none" stroke-linecap="round"/>`;
  s += `<path d="M205 170 Q160 210 205 250" stroke="#2f4637" stroke-width="14" fill="none"/>`;
  s += `<path d="M420 262 L500 262 L490 312 L430 312 Z" fill="#d9d2c0"/>${ellipse(460, 264, 40, 9, '#b7c26a')}`;
  return s;
}

function dish(o, rnd) {
  let s = plate(320, 180, 120);
  if (o.soy) s += circle(320, 180, 70, '#2a1208') + ellipse(300, 160, 24, 10, '#ffffff', ' opacity=".15"');
  if (o.ginger)
    for (let i = 0; i < 7; i++)
      s += ellipse(
        300 + rnd() * 40,
        160 + rnd() * 40,
        40,
        22,
        i % 2 ? '#f4b6b0' : '#f8cfc8',
        ` transform="rotate(${r0(rnd() * 180)} 320 180)"`,
      );
  if (o.wasabi)
    s +=
      circle(320, 185, 44, '#8fbb4e') +
      `<path d="M290 175 q30 -30 60 0" stroke="#b7d77a" stroke-width="6" fill="none"/>`;
  if (o.sticks)
    s =
      ellipse(320, 300, 240, 20, '#262b30') +
      `<path d="M100 250 L560 90 M110 272 L570 112" stroke="#c9a46a" stroke-width="10" stroke-linecap="round"/>` +
      rect(230, 150, 140, 44, '#b33a3a', 4, ' transform="rotate(-19 300 172)"');
  return s;
}

function gyoza() {
  let s = slate(60, 80, 520, 200);
  for (let i = 0; i < 5; i++) {
    const x = 150 + i * 72;
    s +=
      `<path d="M${x - 40} 210 Q${x} 110 ${x + 40} 210 Z" fill="#f1e0bd"/>` +
      `<path d="M${x - 40} 210 Q${x} 228 ${x + 40} 210" stroke="#b7792f" stroke-width="8" fill="none"/>`;
    s += `<path d="M${x - 14} 160 l6 10 M${x} 152 l0 12 M${x + 14} 160 l-6 10" stroke="#cbb58c" stroke-width="3"/>`;
  }
  return (
    s + circle(520, 140, 34, '#2a1208') + circle(520, 140, 34, 'none', ' stroke="#555" stroke-width="4"')
  );
}

function tray(o = {}) {
  let s = rect(60, 50, 520, 260, '#5a3d2a', 18) + rect(72, 62, 496, 236, '#6d4a33', 14);
  s += circle(180, 140, 62, '#2c2c30') + circle(180, 140, 50, C.rice);
  s +=
    circle(460, 140, 62, '#3a2a26') +
    circle(460, 140, 50, '#c89a5a') +
    topping('tofu', 440, 120) +
    topping('wakame', 470, 150);
  if (o.lunch) {
    s +=
      ellipse(220, 248, 74, 34, '#4caf50') +
      `<path d="M170 240 q25 -14 50 0 t50 0 M170 256 q25 -14 50 0 t50 0" stroke="#8fdc4a" stroke-width="4" fill="none"/>`;
    s = `<defs>${rollPiece('a', { outer: C.salmon, fill: [C.cheese, C.cucumber] }, () => 0.3, 26)}</defs>${s}`;
    for (let i = 0; i < 4; i++) s += use('a', 360 + i * 54, 250 + (i % 2) * 6);
    return s;
  }
  s +=
    rect(150, 220, 140, 56, '#f6d365', 8) +
    `<path d="M160 236 h120 M160 252 h120" stroke="#e7b93f" stroke-width="3"/>`;
  s +=
    ellipse(420, 248, 60, 28, C.salmon) +
    ellipse(420, 248, 60, 28, 'none', ' stroke="#c9683e" stroke-width="4"');
  return s;
}

// ---- restaurants, banners, brand ------------------------------------------------------------------

const sign = (x, y, size) => text(x, y, size, PRIMARY, 'Нори-Нори', ' text-anchor="middle"');

function storefront(o, rnd) {
  let s = rect(0, 0, 640, 360, o.sky) + circle(560, 60, 24, '#f4e9c1', ' opacity=".8"');
  s += rect(70, 60, 500, 280, o.wall) + rect(70, 60, 500, 60, '#101315') + sign(320, 103, 38);
  for (let i = 0; i < 10; i++) s += rect(70 + i * 50, 120, 50, 30, i % 2 ? o.awning : '#f3efe4');
  const w = r0(180 + rnd() * 60);
  s +=
    rect(100, 170, w, 130, '#ffd27a', 6, ' opacity=".85"') +
    rect(370, 170, 80, 170, '#2a1c12', 4) +
    rect(480, 170, 60, 130, '#ffd27a', 6, ' opacity=".85"');
  s +=
    `<path d="M${100 + w / 2} 170 V300 M100 235 H${100 + w}" stroke="${o.wall}" stroke-width="6"/>` +
    circle(436, 260, 5, '#d9b56b');
  for (let i = 0; i < 3; i++) s += circle(130 + i * 40 + rnd() * 10, 186, 7, '#fff6d8');
  s +=
    rect(80, 300, 36, 40, '#3b2a22', 4) +
    circle(98, 292, 20, '#3f8f4f') +
    rect(524, 300, 36, 40, '#3b2a22', 4) +
    circle(542, 292, 20, '#3f8f4f');
  s += rect(0, 340, 640, 20, '#2b2f33') + text(320, 354, 14, '#cfd6da', o.street, ' text-anchor="middle"');
  s += rect(590, 150, 6, 190, '#444') + circle(593, 150, 12, '#ffe9a8');
  return s;
}

function hall(o, rnd) {
  let s = rect(0, 0, 640, 360, o.wall) + rect(0, 250, 640, 110, o.floor);
  s += rect(40, 60, 200, 150, '#0e1a22', 4) + rect(48, 68, 184, 134, '#22455a', 2);
  for (let i = 0; i < 4; i++) {
    const x = 290 + i * 90;
    s +=
      `<path d="M${x} 0 V${r0(70 + rnd() * 30)}" stroke="#111" stroke-width="2"/>` +
      circle(x, 90 + (i % 2) * 14, 16, '#ffd27a');
  }
  for (let i = 0; i < 3; i++) {
    const x = 90 + i * 180;
    s +=
      ellipse(x, 270, 60, 14, '#5b3f2b') +
      rect(x - 5, 270, 10, 60, '#3a281b') +
      rect(x - 80, 260, 18, 60, o.chair, 4) +
      rect(x + 62, 260, 18, 60, o.chair, 4);
  }
  return s + rect(420, 150, 200, 40, '#101315', 6) + sign(520, 180, 26);
}

function banner(o) {
  let s =
    rect(0, 0, 640, 360, o.bg) +
    circle(540, 280, 170, o.accent, ' opacity=".25"') +
    circle(590, 70, 80, o.accent, ' opacity=".2"');
  s += text(48, 170, o.size ?? 120, '#ffffff', o.big) + text(52, 224, 28, '#ffffff', o.line);
  if (o.code)
    s +=
      rect(48, 246, o.code.length * 17 + 28, 40, '#00000055', 8) +
      text(62, 275, 24, '#ffffff', o.code, ' letter-spacing="2"');
  s += text(52, 330, 20, PRIMARY, 'Нори-Нори');
  s += `<g transform="translate(560 84)">${circle(0, 0, 54, C.nori)}${circle(0, 0, 48, C.rice)}${circle(0, 0, 26, C.nori)}${circle(0, 0, 22, C.rice)}${circle(-6, -5, 10, C.salmon)}${circle(8, 7, 9, C.avocado)}</g>`;
  return s;
}

function logo() {
  const roll =
    circle(128, 100, 54, C.nori) +
    circle(128, 100, 46, C.rice) +
    circle(128, 100, 24, C.nori) +
    circle(128, 100, 20, C.rice) +
    circle(121, 95, 9, C.salmon) +
    circle(136, 106, 8, C.avocado);
  const body =
    circle(128, 128, 124, PRIMARY) +
    circle(128, 128, 114, '#121617') +
    roll +
    text(128, 196, 26, PRIMARY, 'Нори-Нори', ' text-anchor="middle"');
  return svg(body, { bg: 'none', view: '0 0 256 256' }).replace(
    '<rect width="256" height="256" fill="none"/>',
    '',
  );
}

function favicon() {
  const body =
    circle(32, 32, 31, PRIMARY) +
    circle(32, 32, 25, '#121617') +
    circle(32, 32, 18, C.rice) +
    circle(32, 32, 9, C.nori) +
    circle(32, 32, 6, C.salmon);
  return svg(body, { bg: 'none', view: '0 0 64 64' }).replace(
    '<rect width="64" height="64" fill="none"/>',
    '',
  );
}

function placeholder() {
  const body =
    plate(320, 180, 130) +
    circle(320, 180, 46, '#3b4247') +
    circle(320, 180, 30, '#4a5258') +
    `<path d="M160 300 L470 80 M180 312 L490 92" stroke="#4a5258" stroke-width="8" stroke-linecap="round"/>`;
  return svg(body, { bg: '#202427' });
}

// ---- the list of pictures -------------------------------------------------------------------------

const PH = { nori: true };
const philly = { outer: C.salmon, fill: [C.cheese, C.cucumber] };
const california = { outer: C.tobiko, dots: '#ffb061', fill: [C.crab, C.avocado, C.cucumber] };
const canada = { outer: C.salmon, glaze: '#4a2a16', fill: [C.eel, C.cheese] };
const baked = (fill, cap = C.cap) => ({ outer: C.rice, cap, fill });
const salmonNigiri = { fish: C.salmon, stripes: '#ffd2b8' };

const PICTURES = {
  // Rolls
  'menu/philadelphia.svg': (rnd) => rolls(philly, rnd),
  'menu/philadelphia-unagi.svg': (rnd) =>
    rolls({ ...philly, glaze: '#4a2a16', fill: [C.eel, C.cheese, C.cucumber] }, rnd),
  'menu/california-crab.svg': (rnd) => rolls(california, rnd),
  'menu/california-shrimp.svg': (rnd) => rolls({ ...california, fill: [C.shrimp, C.avocado, C.cheese] }, rnd),
  'menu/canada.svg': (rnd) => rolls(canada, rnd),
  'menu/dragon.svg': (rnd) =>
    rolls({ outer: C.avocado, glaze: '#4a2a16', dots: C.sesame, fill: [C.eel, C.cucumber] }, rnd),
  'menu/spicy-salmon.svg': (rnd) =>
    rolls({ outer: C.rice, dots: '#e0442b', fill: ['#e0442b', C.salmon, C.cucumber] }, rnd),
  'menu/avocado-roll.svg': (rnd) =>
    rolls({ outer: C.rice, dots: '#222', fill: [C.avocado, C.cucumber, C.cheese] }, rnd),
  'menu/tempura-shrimp.svg': (rnd) =>
    rolls({ outer: '#e2a547', dots: '#f3c76b', glaze: '#4a2a16', fill: [C.shrimp, C.cheese] }, rnd),
  // Baked rolls
  'menu/baked-salmon.svg': (rnd) => rolls(baked([C.cheese, C.cucumber]), rnd),
  'menu/baked-crab.svg': (rnd) => rolls(baked([C.crab, C.avocado], '#e8763d'), rnd),
  'menu/baked-eel.svg': (rnd) => rolls({ ...baked([C.eel, C.cheese]), glaze: '#4a2a16' }, rnd),
  'menu/baked-mussels.svg': (rnd) => rolls(baked([C.mussel, C.cucumber], '#f0cf7a'), rnd),
  'menu/baked-chicken.svg': (rnd) => rolls(baked([C.chicken, '#e4572e'], '#e9b04f'), rnd),
  'menu/sushi-pizza.svg': (rnd) => pizza(rnd),
  // Sushi and nigiri
  'menu/nigiri-salmon.svg': () => nigiri(salmonNigiri),
  'menu/nigiri-tuna.svg': () => nigiri({ fish: C.tuna, stripes: '#e5707d' }),
  'menu/nigiri-eel.svg': () => nigiri({ fish: C.eel, belt: true }),
  'menu/nigiri-shrimp.svg': () => nigiri({ fish: C.shrimp, stripes: '#ffffff', tail: true }),
  'menu/gunkan-spicy.svg': (rnd) => gunkan({ top: '#e8653f', dots: '#ffb08a' }, rnd),
  'menu/gunkan-tobiko.svg': (rnd) => gunkan({ top: C.tobiko, dots: '#ffd08a' }, rnd),
  'menu/maki-salmon.svg': (rnd) => maki({ fill: [C.salmon] }, rnd),
  // Sets
  'menu/set-philadelphia.svg': (rnd) =>
    set({ types: [philly, { outer: C.cucumber, fill: [C.salmon, C.cheese] }, canada] }, rnd),
  'menu/set-nori-nori.svg': (rnd) =>
    set({ types: [philly, california, canada, { outer: C.avocado, fill: [C.eel] }], rows: 4 }, rnd),
  'menu/set-baked.svg': (rnd) =>
    set(
      {
        types: [baked([C.salmon]), baked([C.crab], '#e8763d'), baked([C.eel]), baked([C.chicken], '#e9b04f')],
        rows: 4,
      },
      rnd,
    ),
  'menu/set-classic.svg': (rnd) =>
    set(
      {
        types: [
          { ...PH, fill: [C.salmon] },
          { ...PH, fill: [C.cucumber] },
          { ...PH, fill: [C.tuna] },
        ],
      },
      rnd,
    ),
  'menu/set-spicy.svg': (rnd) =>
    set(
      {
        types: [{ outer: C.rice, dots: '#e0442b', fill: ['#e0442b', C.salmon] }, baked([C.crab], '#e8763d')],
      },
      rnd,
    ),
  'menu/business-lunch.svg': () => tray({ lunch: true }),
  // Hot dishes
  'menu/wok-chicken.svg': (rnd) =>
    bowl(
      {
        bowl: '#2d2d33',
        broth: '#7a4a22',
        noodles: '#f2d9a0',
        sticks: true,
        top: [
          ['meat', 250, 150],
          ['veg', 360, 210],
          ['onion', 330, 120],
        ],
      },
      rnd,
    ),
  'menu/wok-beef.svg': (rnd) =>
    bowl(
      {
        bowl: '#2d2d33',
        broth: '#5a3018',
        noodles: '#e8c98a',
        sticks: true,
        top: [
          ['meat', 240, 200],
          ['mushroom', 360, 140],
          ['veg', 300, 120],
        ],
      },
      rnd,
    ),
  'menu/wok-shrimp.svg': (rnd) =>
    bowl(
      {
        bowl: '#3a2a26',
        broth: '#a0522d',
        noodles: '#f4e1b5',
        sticks: true,
        top: [
          ['shrimp', 270, 170],
          ['shrimp', 370, 200],
          ['veg', 300, 230],
        ],
      },
      rnd,
    ),
  'menu/wok-veggie.svg': (rnd) =>
    bowl(
      {
        bowl: '#2a3a30',
        broth: '#6b4a22',
        noodles: '#efd7a5',
        sticks: true,
        top: [
          ['veg', 250, 140],
          ['veg', 340, 200],
          ['onion', 300, 250],
        ],
      },
      rnd,
    ),
  'menu/ramen-tonkotsu.svg': (rnd) =>
    bowl(
      {
        bowl: '#1f2d3a',
        broth: '#e9d6b0',
        noodles: '#f6e08e',
        top: [
          ['egg', 270, 150],
          ['pork', 370, 160],
          ['nori', 380, 210],
          ['onion', 290, 230],
        ],
      },
      rnd,
    ),
  'menu/ramen-chicken.svg': (rnd) =>
    bowl(
      {
        bowl: '#3a1f1f',
        broth: '#e7c77d',
        noodles: '#f6e08e',
        top: [
          ['egg', 380, 150],
          ['corn', 260, 140],
          ['meat', 280, 220],
          ['onion', 380, 230],
        ],
      },
      rnd,
    ),
  'menu/gyoza.svg': () => gyoza(),
  'menu/japanese-breakfast.svg': () => tray(),
  // Salads
  'menu/salad-chuka.svg': (rnd) =>
    salad({ leaves: ['#4caf50'], strands: '#8fdc4a', top: 'lime', count: 1, dressing: '#c9a46a' }, rnd),
  'menu/salad-salmon.svg': (rnd) =>
    salad({ leaves: ['#5fae63', '#7cc45a', '#3e8e41'], top: 'salmon', count: 3 }, rnd),
  'menu/salad-eel.svg': (rnd) =>
    salad({ leaves: ['#6dbb5b', '#9ccc65'], top: 'meat', count: 2, dressing: '#4a2a16' }, rnd),
  'menu/salad-shrimp.svg': (rnd) =>
    salad({ leaves: ['#6dbb5b', '#4caf50'], top: 'shrimp', count: 4, dressing: C.sesame }, rnd),
  // Soups
  'menu/soup-miso.svg': (rnd) =>
    bowl(
      {
        bowl: '#3a1f1f',
        broth: '#c89a5a',
        top: [
          ['tofu', 270, 150],
          ['tofu', 330, 210],
          ['wakame', 360, 140],
          ['onion', 290, 230],
        ],
      },
      rnd,
    ),
  'menu/soup-tom-yum.svg': (rnd) =>
    bowl(
      {
        bowl: '#f3efe4',
        broth: '#e0672b',
        top: [
          ['shrimp', 280, 160],
          ['shrimp', 370, 210],
          ['mushroom', 350, 140],
          ['lime', 270, 230],
        ],
      },
      rnd,
    ),
  'menu/soup-udon.svg': (rnd) =>
    bowl(
      {
        bowl: '#2d2d33',
        broth: '#d9b77a',
        noodles: '#fbf1d5',
        top: [
          ['meat', 260, 160],
          ['egg', 380, 220],
          ['mushroom', 360, 130],
        ],
      },
      rnd,
    ),
  'menu/soup-miso-salmon.svg': (rnd) =>
    bowl(
      {
        bowl: '#1f2d3a',
        broth: '#c89a5a',
        top: [
          ['salmon', 270, 160],
          ['tofu', 340, 210],
          ['wakame', 300, 240],
        ],
      },
      rnd,
    ),
  // Desserts
  'menu/mochi.svg': () => mochi({ colors: ['#f6c453', '#f49ac1', '#a8d08d'] }),
  'menu/cheesecake-matcha.svg': () =>
    cake({ sponge: '#f3ead2', top: '#8fbf5a', cream: '#c8a878', dust: '#6e9a3c' }),
  'menu/chocolate-cake.svg': () =>
    cake({ sponge: '#4a2a1a', top: '#2b160d', cream: '#8e1b2c', cherry: true }),
  'menu/banana-tempura.svg': () => banana(),
  // Drinks
  'menu/mors-cranberry.svg': (rnd) => glass({ liquid: '#a3123a', ice: 2, straw: '#f3efe4' }, rnd),
  'menu/lemonade-yuzu.svg': (rnd) => glass({ liquid: '#f6d35c', garnish: '#b6d957', straw: PRIMARY }, rnd),
  'menu/tea-sencha.svg': () => teapot(),
  'menu/water.svg': () => bottle({ glass: '#8fb8c9', label: '#e8f1f4', cap: '#2f5d73', word: 'AQUA' }),
  'menu/soy-sauce.svg': (rnd) => dish({ soy: true }, rnd),
  'menu/ginger.svg': (rnd) => dish({ ginger: true }, rnd),
  'menu/wasabi.svg': (rnd) => dish({ wasabi: true }, rnd),
  'menu/chopsticks.svg': (rnd) => dish({ sticks: true }, rnd),
  // Bar
  'menu/ramune.svg': () => bottle({ glass: '#5fb3c9', label: '#f4f4f4', cap: '#3c7fb1', word: 'RAMUNE' }),
  'menu/iced-matcha.svg': (rnd) =>
    glass({ liquid: '#7fb24a', ice: 3, garnish: '#b6d957', foam: '#cfe3a8' }, rnd),
  'menu/apple-juice.svg': (rnd) => glass({ liquid: '#f2c14e', ice: 0, level: 100 }, rnd),
  'menu/yuzu-tonic.svg': (rnd) => glass({ liquid: '#e9f0c9', ice: 4, garnish: '#f6d35c' }, rnd),
  'menu/sake-hot.svg': () =>
    bottle({ glass: '#e9e4d6', label: '#2c3e50', cap: '#e9e4d6', cup: '#e9e4d6' }).replace(
      'fill="#1b1b1b"',
      'fill="#fff"',
    ),
  'menu/beer-japanese.svg': (rnd) => glass({ liquid: '#e8a930', ice: 0, level: 110, foam: '#fbf3df' }, rnd),
  'menu/umeshu.svg': (rnd) => glass({ liquid: '#c9843a', ice: 2, level: 190, garnish: '#7a8f2a' }, rnd),
  'menu/highball.svg': (rnd) => glass({ liquid: '#d9a441', ice: 4, garnish: '#f6d35c' }, rnd),
  // Groups
  'groups/rolls.svg': (rnd) => rolls({ ...philly }, rnd),
  'groups/baked-rolls.svg': (rnd) => rolls(baked([C.salmon, C.cheese]), rnd),
  'groups/sushi.svg': () => nigiri(salmonNigiri),
  'groups/sets.svg': (rnd) => set({ types: [philly, california, { ...PH, fill: [C.cucumber] }] }, rnd),
  'groups/hot.svg': (rnd) =>
    bowl(
      {
        bowl: '#2d2d33',
        broth: '#7a4a22',
        noodles: '#f2d9a0',
        sticks: true,
        top: [
          ['shrimp', 280, 170],
          ['veg', 350, 200],
        ],
      },
      rnd,
    ),
  'groups/salads.svg': (rnd) => salad({ leaves: ['#5fae63', '#7cc45a'], top: 'salmon', count: 2 }, rnd),
  'groups/soups.svg': (rnd) =>
    bowl(
      {
        bowl: '#3a1f1f',
        broth: '#e0672b',
        top: [
          ['shrimp', 300, 170],
          ['lime', 370, 220],
        ],
      },
      rnd,
    ),
  'groups/desserts.svg': () => mochi({ colors: ['#f49ac1', '#fbf3df', '#a8d08d'] }),
  'groups/drinks.svg': (rnd) => glass({ liquid: '#f6d35c', garnish: '#b6d957', straw: PRIMARY }, rnd),
  'groups/soft-drinks.svg': (rnd) => glass({ liquid: '#7fb24a', ice: 3, straw: '#f3efe4' }, rnd),
  'groups/alcohol.svg': () => bottle({ glass: '#e9e4d6', label: '#8e1b2c', cap: '#e9e4d6', cup: '#e9e4d6' }),
  // Restaurants
  'restos/kazan-baumana.svg': (rnd) =>
    storefront(
      { sky: '#1b2440', wall: '#6b3f2a', awning: '#2e7d5b', street: 'Казань, ул. Баумана, 44' },
      rnd,
    ),
  'restos/kazan-baumana-hall.svg': (rnd) =>
    hall({ wall: '#3b2f2a', floor: '#2a201b', chair: '#2e7d5b' }, rnd),
  'restos/kazan-pushkina.svg': (rnd) =>
    storefront(
      { sky: '#222b3f', wall: '#8a8f93', awning: '#c0392b', street: 'Казань, ул. Пушкина, 10' },
      rnd,
    ),
  'restos/kazan-pobedy.svg': (rnd) =>
    storefront({ sky: '#0f1424', wall: '#3d4a5c', awning: PRIMARY, street: 'Казань, пр. Победы, 46' }, rnd),
  'restos/nn-pokrovka.svg': (rnd) =>
    storefront(
      {
        sky: '#26304a',
        wall: '#9c4a3c',
        awning: '#f3b33d',
        street: 'Нижний Новгород, ул. Большая Покровская, 18',
      },
      rnd,
    ),
  'restos/nn-pokrovka-hall.svg': (rnd) => hall({ wall: '#2c3a36', floor: '#1f2624', chair: '#9c4a3c' }, rnd),
  'restos/nn-gagarina.svg': (rnd) =>
    storefront(
      { sky: '#1d2233', wall: '#5d6b4a', awning: '#1f6f8b', street: 'Нижний Новгород, пр. Гагарина, 27' },
      rnd,
    ),
  'restos/samara-leningradskaya.svg': (rnd) =>
    storefront(
      { sky: '#2a2f4a', wall: '#b08d57', awning: '#2e7d5b', street: 'Самара, ул. Ленинградская, 47' },
      rnd,
    ),
  'restos/samara-sadovaya.svg': (rnd) =>
    storefront(
      { sky: '#1a2238', wall: '#4f5d75', awning: '#e07a5f', street: 'Самара, ул. Ново-Садовая, 106' },
      rnd,
    ),
  // Promotions
  'promotions/welcome.svg': () =>
    banner({ bg: '#1d6b54', accent: PRIMARY, big: '−10 %', line: 'на первый заказ', code: 'WELCOME10' }),
  'promotions/business-lunch.svg': () =>
    banner({ bg: '#2b3a67', accent: '#f6d35c', big: '490 ₽', line: 'бизнес-ланч по будням 11–16' }),
  'promotions/pickup.svg': () =>
    banner({ bg: '#7a3b2e', accent: '#f3b33d', big: '−15 %', line: 'на самовывоз', code: 'PICKUP15' }),
  'promotions/night.svg': () =>
    banner({
      bg: '#141a33',
      accent: '#6c63ff',
      big: '22:00',
      line: 'минус 20 % до полуночи',
      code: 'NIGHT20',
    }),
  'promotions/samara-opening.svg': () =>
    banner({ bg: '#1f5f73', accent: '#f6d35c', big: 'Самара', size: 96, line: 'мы открылись на Волге!' }),
  'promotions/birthday.svg': () =>
    banner({ bg: '#6b2a5c', accent: '#f49ac1', big: '−15 %', line: 'в день рождения' }),
  'promotions/summer-rolls.svg': () =>
    banner({ bg: '#2e7d32', accent: '#f6d35c', big: 'Лето', size: 104, line: 'летние роллы 2025' }),
  'promotions/new-year.svg': () =>
    banner({ bg: '#20324f', accent: '#e9eef5', big: '2100', line: 'новогодний сет скоро' }),
  // Brand
  'brand/logo.svg': () => logo(),
  'brand/favicon.svg': () => favicon(),
  'placeholder.svg': () => placeholder(),
};

let largest = 0;
for (const [file, draw] of Object.entries(PICTURES)) {
  const rnd = randomFor(file);
  let out = draw(rnd);
  if (!out.startsWith('<svg')) out = svg(out, { bg: pick(rnd, BACKGROUNDS) });
  const path = join(MEDIA, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, out);
  largest = Math.max(largest, Buffer.byteLength(out));
  if (Buffer.byteLength(out) > 4096) console.warn(`warning: ${file} is ${Buffer.byteLength(out)} bytes`);
}
console.log(`drew ${Object.keys(PICTURES).length} pictures into ${MEDIA}, the largest is ${largest} bytes`);
