// Generates the abstract preview images shown on the login screen:
// public/preview/01.svg … 62.svg. Deterministic: the same run always yields the same files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const COUNT = 62;
const SIZE = 400;
const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "preview");

const palettes = [
  ["#f2ede3", "#1f2a26", "#5f8f7b", "#c9a66b", "#d9cbb3"],
  ["#eae6df", "#2b2d42", "#8d99ae", "#d6806b", "#edd9b7"],
  ["#1d1f22", "#e8e1d3", "#7fa8a1", "#c27d5a", "#494d52"],
  ["#f4efe6", "#3c4a3e", "#a3b18a", "#dda15e", "#bc6c25"],
  ["#e9edf0", "#243447", "#5c7c99", "#e0b458", "#b9c6d2"],
  ["#f6f1ea", "#4a3f55", "#9b8bb0", "#e3a58c", "#d8cfe1"],
  ["#16201d", "#d8e2dc", "#6f9a8d", "#e4b363", "#2e4039"],
  ["#efe9e1", "#7a2e2e", "#c98474", "#3f5e5a", "#e6d5c3"],
  ["#eef0ea", "#2f3e46", "#84a98c", "#cad2c5", "#52796f"],
  ["#faf5ef", "#22223b", "#9a8c98", "#c9ada7", "#4a4e69"],
  ["#201a1e", "#f0e6dc", "#b56b6b", "#7c8e8f", "#4a3a40"],
  ["#f1efe8", "#33312e", "#e07a5f", "#81b29a", "#f2cc8f"],
];

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

function rings(rand, [bg, a, b, c, d]) {
  const cx = r1(80 + rand() * 240);
  const cy = r1(80 + rand() * 240);
  const colors = [a, b, c, d];
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>`;
  const step = 18 + Math.floor(rand() * 16);
  for (let r = 420; r > 0; r -= step) {
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colors[Math.floor(rand() * 4)]}" stroke-width="${r1(step * (0.25 + rand() * 0.5))}"/>`;
  }
  return out;
}

function stripes(rand, [bg, a, b, c]) {
  const angle = Math.floor(rand() * 180);
  const w = 10 + Math.floor(rand() * 18);
  const cx = r1(120 + rand() * 160);
  const cy = r1(120 + rand() * 160);
  const r = r1(90 + rand() * 70);
  let lines = "";
  for (let x = -300; x < 700; x += w * 2) {
    lines += `<rect x="${x}" y="-300" width="${w}" height="1000" fill="${a}"/>`;
  }
  let inner = "";
  for (let x = -300; x < 700; x += w * 2) {
    inner += `<rect x="${x}" y="-300" width="${w}" height="1000" fill="${c}"/>`;
  }
  return (
    `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>` +
    `<g transform="rotate(${angle} 200 200)" opacity="0.85">${lines}</g>` +
    `<clipPath id="k"><circle cx="${cx}" cy="${cy}" r="${r}"/></clipPath>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${b}"/>` +
    `<g clip-path="url(#k)"><g transform="rotate(${(angle + 90) % 180} 200 200)" opacity="0.6">${inner}</g></g>`
  );
}

function dots(rand, [bg, a, b, c]) {
  const n = 8 + Math.floor(rand() * 6);
  const gap = SIZE / n;
  const fx = rand() * SIZE;
  const fy = rand() * SIZE;
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>`;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = gap * (i + 0.5);
      const y = gap * (j + 0.5);
      const dist = Math.hypot(x - fx, y - fy) / 560;
      const r = r1(Math.max(0.8, (gap / 2.2) * (1 - dist)));
      const color = rand() < 0.08 ? c : dist < 0.35 ? b : a;
      out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r}" fill="${color}"/>`;
    }
  }
  return out;
}

function isDark(hex) {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.2126 * (n >> 16) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
  return lum < 110;
}

function blobs(rand, [bg, a, b, c, d]) {
  const colors = [a, b, c, d];
  const blend = isDark(bg) ? "screen" : "multiply";
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>`;
  const k = 4 + Math.floor(rand() * 4);
  for (let i = 0; i < k; i++) {
    const cx = r1(rand() * SIZE);
    const cy = r1(rand() * SIZE);
    const r = r1(60 + rand() * 140);
    out += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colors[i % 4]}" opacity="${r1(0.45 + rand() * 0.4)}" style="mix-blend-mode:${blend}"/>`;
  }
  return out;
}

function truchet(rand, [bg, a, b]) {
  const n = 5 + Math.floor(rand() * 4);
  const s = SIZE / n;
  const sw = r1(s * (0.12 + rand() * 0.14));
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/><g fill="none" stroke-linecap="round" stroke-width="${sw}">`;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = i * s;
      const y = j * s;
      const h = s / 2;
      const stroke = (i + j) % 3 === 0 ? b : a;
      if (rand() < 0.5) {
        out += `<path stroke="${stroke}" d="M${r1(x + h)} ${r1(y)} A${r1(h)} ${r1(h)} 0 0 1 ${r1(x + s)} ${r1(y + h)} M${r1(x)} ${r1(y + h)} A${r1(h)} ${r1(h)} 0 0 1 ${r1(x + h)} ${r1(y + s)}"/>`;
      } else {
        out += `<path stroke="${stroke}" d="M${r1(x + h)} ${r1(y)} A${r1(h)} ${r1(h)} 0 0 0 ${r1(x)} ${r1(y + h)} M${r1(x + s)} ${r1(y + h)} A${r1(h)} ${r1(h)} 0 0 0 ${r1(x + h)} ${r1(y + s)}"/>`;
      }
    }
  }
  return out + "</g>";
}

function triangles(rand, [bg, a, b, c, d]) {
  const colors = [bg, a, b, c, d];
  const n = 4 + Math.floor(rand() * 4);
  const s = SIZE / n;
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>`;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = r1(i * s);
      const y = r1(j * s);
      const x2 = r1(x + s);
      const y2 = r1(y + s);
      const c1 = colors[Math.floor(rand() * 5)];
      const c2 = colors[Math.floor(rand() * 5)];
      if (rand() < 0.5) {
        out += `<path fill="${c1}" d="M${x} ${y}H${x2}V${y2}Z"/><path fill="${c2}" d="M${x} ${y}V${y2}H${x2}Z"/>`;
      } else {
        out += `<path fill="${c1}" d="M${x2} ${y}H${x}V${y2}Z"/><path fill="${c2}" d="M${x2} ${y}V${y2}H${x}Z"/>`;
      }
    }
  }
  return out;
}

function waves(rand, [bg, a, b, c]) {
  const lines = 10 + Math.floor(rand() * 10);
  const amp = 10 + rand() * 30;
  const freq = 1 + rand() * 2.5;
  const phase = rand() * Math.PI * 2;
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/><g fill="none" stroke-linecap="round">`;
  for (let l = 0; l < lines; l++) {
    const y0 = ((l + 0.5) * SIZE) / lines;
    let d = "";
    for (let x = 0; x <= SIZE; x += 10) {
      const y = y0 + amp * Math.sin((x / SIZE) * Math.PI * 2 * freq + phase + l * 0.35);
      d += `${x === 0 ? "M" : "L"}${x} ${r1(y)}`;
    }
    const color = l % 5 === 2 ? c : l % 2 ? b : a;
    out += `<path d="${d}" stroke="${color}" stroke-width="${r1(2 + rand() * 5)}"/>`;
  }
  return out + "</g>";
}

function blocks(rand, [bg, a, b, c, d]) {
  const colors = [a, b, c, d];
  let out = `<rect width="${SIZE}" height="${SIZE}" fill="${bg}"/>`;
  const cols = [0];
  while (cols[cols.length - 1] < SIZE) cols.push(Math.min(SIZE, cols[cols.length - 1] + 60 + Math.floor(rand() * 140)));
  const rows = [0];
  while (rows[rows.length - 1] < SIZE) rows.push(Math.min(SIZE, rows[rows.length - 1] + 60 + Math.floor(rand() * 140)));
  for (let i = 0; i + 1 < cols.length; i++) {
    for (let j = 0; j + 1 < rows.length; j++) {
      if (rand() < 0.25) continue;
      const x = cols[i] + 6;
      const y = rows[j] + 6;
      const w = cols[i + 1] - cols[i] - 12;
      const h = rows[j + 1] - rows[j] - 12;
      if (w <= 0 || h <= 0) continue;
      const color = colors[Math.floor(rand() * 4)];
      if (rand() < 0.3) {
        const r = Math.min(w, h) / 2;
        out += `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${r}" fill="${color}"/>`;
      } else {
        out += `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.floor(rand() * 3) * 8}" fill="${color}"/>`;
      }
    }
  }
  return out;
}

const styles = [rings, stripes, dots, blobs, truchet, triangles, waves, blocks];

mkdirSync(outDir, { recursive: true });
for (let i = 0; i < COUNT; i++) {
  const rand = rng(9173 + i * 7919);
  const style = styles[i % styles.length];
  const palette = palettes[(i * 5 + Math.floor(i / styles.length)) % palettes.length];
  const body = style(rand, palette);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">${body}</svg>\n`;
  const name = String(i + 1).padStart(2, "0") + ".svg";
  writeFileSync(join(outDir, name), svg);
}
console.log(`wrote ${COUNT} images to ${outDir}`);
