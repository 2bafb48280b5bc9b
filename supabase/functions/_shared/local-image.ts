/**
 * The local image provider's pictures (docs/media.md «create-image»): a real 1024×1024 PNG drawn from
 * the prompt, offline and deterministic — the same prompt and style always give the same bytes. A
 * diagonal gradient in colours the prompt names (or its hash picks), then one shape per word. Plain
 * TypeScript and web APIs only: the demo seed script draws its pictures with this same code.
 */
import { encodePng } from './png.ts';

export type ImageStyle = 'vivid' | 'natural';

export const LOCAL_IMAGE_SIZE = 1024;

/** Hues (degrees) of colour and scene words, Norwegian and English. */
const HUE_WORDS: [number, string[]][] = [
  [0, ['rød', 'red', 'jul', 'christmas']],
  [28, ['oransje', 'orange', 'høst', 'autumn']],
  [48, ['gul', 'yellow', 'sol', 'sun', 'sommer', 'summer']],
  [120, ['grønn', 'green', 'skog', 'forest', 'gress', 'grass']],
  [205, ['blå', 'blue', 'hav', 'sjø', 'fjord', 'sea', 'vann', 'water', 'rør', 'pipe']],
  [195, ['snø', 'snow', 'vinter', 'winter']],
  [275, ['lilla', 'purple']],
  [330, ['rosa', 'pink']],
];
const WORD_HUES = new Map(HUE_WORDS.flatMap(([hue, words]) => words.map((word) => [word, hue] as const)));

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

/** mulberry32: a small seeded generator, so the picture depends on the prompt only. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

function hsl(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 60;
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] =
    h < 1
      ? [c, x, 0]
      : h < 2
        ? [x, c, 0]
        : h < 3
          ? [0, c, x]
          : h < 4
            ? [0, x, c]
            : h < 5
              ? [x, 0, c]
              : [c, 0, x];
  const m = lightness - c / 2;
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

/** The prompt's words (letters only, lower case, three letters or more), at most 12. */
export function promptWords(prompt: string): string[] {
  return (prompt.toLowerCase().match(/\p{L}{3,}/gu) ?? []).slice(0, 12);
}

/** A shape: inside(x, y) for pixels of its bounding box. */
interface Shape {
  box: [number, number, number, number];
  inside(x: number, y: number): boolean;
  colour: Rgb;
  alpha: number;
}

function shapeFor(word: string, index: number, next: () => number, colour: Rgb): Shape {
  const size = LOCAL_IMAGE_SIZE;
  const radius = 70 + next() * 190;
  const cx = radius + next() * (size - 2 * radius);
  const cy = radius + next() * (size - 2 * radius);
  const box: Shape['box'] = [cx - radius, cy - radius, cx + radius, cy + radius];
  const alpha = 0.55 + next() * 0.35;
  switch ((hash(word) + index) % 4) {
    case 0: // disc
      return { box, colour, alpha, inside: (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 };
    case 1: // ring
      return {
        box,
        colour,
        alpha,
        inside: (x, y) => {
          const d = Math.sqrt((x - cx) ** 2 + (y - cy) ** 2);
          return d <= radius && d >= radius * 0.72;
        },
      };
    case 2: // a door: taller than wide, rounded top
      return {
        box,
        colour,
        alpha,
        inside: (x, y) => {
          const half = radius * 0.55;
          if (Math.abs(x - cx) > half) return false;
          const top = cy - radius + half;
          return y <= cy + radius && (y >= top || (x - cx) ** 2 + (y - top) ** 2 <= half ** 2);
        },
      };
    default: // triangle, point up
      return {
        box,
        colour,
        alpha,
        inside: (x, y) => {
          const t = (y - (cy - radius)) / (2 * radius);
          return t >= 0 && t <= 1 && Math.abs(x - cx) <= t * radius;
        },
      };
  }
}

/** The picture's pixels (RGB, 1024 × 1024): the same prompt and style give the same pixels. */
export function drawLocalPixels(prompt: string, style: ImageStyle): Uint8Array {
  const size = LOCAL_IMAGE_SIZE;
  const next = random(hash(`${style}\n${prompt.trim()}`));
  const words = promptWords(prompt);
  const named = words.map((word) => WORD_HUES.get(word)).filter((hue): hue is number => hue !== undefined);
  const baseHue = named[0] ?? next() * 360;
  const saturation = style === 'vivid' ? 0.78 : 0.32;
  const from = hsl(baseHue, saturation, style === 'vivid' ? 0.52 : 0.68);
  const to = hsl(named[1] ?? baseHue + 35 + next() * 60, saturation, style === 'vivid' ? 0.26 : 0.44);
  const angle = next() * Math.PI * 2;
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);

  const pixels = new Uint8Array(size * size * 3);
  const span = Math.abs(dx) * size + Math.abs(dy) * size;
  const offset = Math.min(0, dx * size) + Math.min(0, dy * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const t = (x * dx + y * dy - offset) / span;
      const at = (y * size + x) * 3;
      pixels[at] = from[0] + (to[0] - from[0]) * t;
      pixels[at + 1] = from[1] + (to[1] - from[1]) * t;
      pixels[at + 2] = from[2] + (to[2] - from[2]) * t;
    }
  }

  words.forEach((word, index) => {
    const hue = WORD_HUES.get(word) ?? hash(word) % 360;
    const colour = hsl(hue, saturation, style === 'vivid' ? 0.6 : 0.78);
    const shape = shapeFor(word, index, next, colour);
    const [x0, y0, x1, y1] = shape.box.map((value) => Math.max(0, Math.min(size - 1, Math.round(value))));
    for (let y = y0!; y <= y1!; y++) {
      for (let x = x0!; x <= x1!; x++) {
        if (!shape.inside(x, y)) continue;
        const at = (y * size + x) * 3;
        for (let c = 0; c < 3; c++) {
          pixels[at + c] = pixels[at + c]! * (1 - shape.alpha) + shape.colour[c]! * shape.alpha;
        }
      }
    }
  });
  return pixels;
}

/** The local provider's PNG for a prompt and style. */
export function drawLocalImage(prompt: string, style: ImageStyle): Promise<Uint8Array> {
  return encodePng(LOCAL_IMAGE_SIZE, LOCAL_IMAGE_SIZE, drawLocalPixels(prompt, style));
}
