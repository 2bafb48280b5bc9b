/**
 * A small anti-aliased rasterizer for the share image: filled paths (a font's glyph outlines, rounded
 * rectangles) onto an RGB canvas, by the non-zero winding rule with four sub-scanlines per pixel and
 * exact horizontal coverage. Enough for text and bars; no strokes, gradients or images.
 */

/** A path as opentype.js gives it: move, line, quadratic and cubic curves, close. */
export type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x1: number; y1: number; x: number; y: number }
  | { type: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { type: 'Z' };

interface Edge {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** +1 downwards, −1 upwards (the winding it adds). */
  dir: number;
}

const SUBSAMPLES = 4;
/** Line segments per curve: smooth at display sizes (a glyph's curve spans a few dozen pixels). */
const CURVE_STEPS = 10;

/** `#rrggbb` as [r, g, b]. */
export function rgbOf(colour: string): [number, number, number] {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function edgesOf(commands: readonly PathCommand[]): Edge[] {
  const edges: Edge[] = [];
  let [startX, startY, x, y] = [0, 0, 0, 0];
  const line = (toX: number, toY: number) => {
    if (toY !== y) {
      edges.push(
        toY > y ? { x0: x, y0: y, x1: toX, y1: toY, dir: 1 } : { x0: toX, y0: toY, x1: x, y1: y, dir: -1 },
      );
    }
    [x, y] = [toX, toY];
  };
  /** A curve as CURVE_STEPS lines through its points at t (and u = 1 − t). */
  const curve = (pointAt: (t: number, u: number) => [number, number]) => {
    for (let step = 1; step <= CURVE_STEPS; step++)
      line(...pointAt(step / CURVE_STEPS, 1 - step / CURVE_STEPS));
  };
  for (const command of commands) {
    if (command.type === 'M') {
      if (x !== startX || y !== startY) line(startX, startY);
      [startX, startY, x, y] = [command.x, command.y, command.x, command.y];
    } else if (command.type === 'L') {
      line(command.x, command.y);
    } else if (command.type === 'Q') {
      const [fromX, fromY] = [x, y];
      curve((t, u) => [
        u * u * fromX + 2 * u * t * command.x1 + t * t * command.x,
        u * u * fromY + 2 * u * t * command.y1 + t * t * command.y,
      ]);
    } else if (command.type === 'C') {
      const [fromX, fromY] = [x, y];
      curve((t, u) => [
        u * u * u * fromX + 3 * u * u * t * command.x1 + 3 * u * t * t * command.x2 + t * t * t * command.x,
        u * u * u * fromY + 3 * u * u * t * command.y1 + 3 * u * t * t * command.y2 + t * t * t * command.y,
      ]);
    } else {
      line(startX, startY);
    }
  }
  if (x !== startX || y !== startY) line(startX, startY);
  return edges;
}

export class Canvas {
  readonly rgb: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: string,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
    const [r, g, b] = rgbOf(background);
    for (let at = 0; at < this.rgb.length; at += 3) this.rgb.set([r, g, b], at);
  }

  /** Fills a path in `colour`, blending its edges by how much of each pixel it covers. */
  fill(commands: readonly PathCommand[], colour: string): void {
    const edges = edgesOf(commands);
    if (edges.length === 0) return;
    const top = Math.max(0, Math.floor(Math.min(...edges.map((edge) => edge.y0))));
    const bottom = Math.min(this.height, Math.ceil(Math.max(...edges.map((edge) => edge.y1))));
    const coverage = new Float32Array(this.width);
    const crossings: { x: number; dir: number }[] = [];
    for (let row = top; row < bottom; row++) {
      coverage.fill(0);
      for (let sub = 0; sub < SUBSAMPLES; sub++) {
        const sampleY = row + (sub + 0.5) / SUBSAMPLES;
        crossings.length = 0;
        for (const edge of edges) {
          if (sampleY < edge.y0 || sampleY >= edge.y1) continue;
          const x = edge.x0 + ((sampleY - edge.y0) / (edge.y1 - edge.y0)) * (edge.x1 - edge.x0);
          crossings.push({ x, dir: edge.dir });
        }
        crossings.sort((a, b) => a.x - b.x);
        let winding = 0;
        for (let index = 0; index < crossings.length - 1; index++) {
          winding += crossings[index]!.dir;
          if (winding !== 0) this.span(coverage, crossings[index]!.x, crossings[index + 1]!.x);
        }
      }
      this.blendRow(row, coverage, rgbOf(colour));
    }
  }

  /** Adds one sub-scanline's share of [from, to) to each pixel it covers, partly covered ends too. */
  private span(coverage: Float32Array, from: number, to: number): void {
    const start = Math.max(0, from);
    const end = Math.min(this.width, to);
    if (end <= start) return;
    const share = 1 / SUBSAMPLES;
    const first = Math.floor(start);
    const last = Math.floor(end);
    if (first === last) {
      coverage[first]! += (end - start) * share;
      return;
    }
    coverage[first]! += (first + 1 - start) * share;
    for (let x = first + 1; x < last; x++) coverage[x]! += share;
    if (last < this.width) coverage[last]! += (end - last) * share;
  }

  private blendRow(row: number, coverage: Float32Array, [r, g, b]: [number, number, number]): void {
    for (let x = 0; x < this.width; x++) {
      const alpha = Math.min(1, coverage[x]!);
      if (alpha <= 0) continue;
      const at = (row * this.width + x) * 3;
      this.rgb[at] = Math.round(this.rgb[at]! + (r - this.rgb[at]!) * alpha);
      this.rgb[at + 1] = Math.round(this.rgb[at + 1]! + (g - this.rgb[at + 1]!) * alpha);
      this.rgb[at + 2] = Math.round(this.rgb[at + 2]! + (b - this.rgb[at + 2]!) * alpha);
    }
  }
}

/** A rectangle with round corners (radius at most half its height) as a path. */
export function roundedRect(
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
): PathCommand[] {
  const r = Math.max(0, Math.min(radius, height / 2, width / 2));
  // A quarter circle as one cubic: the control points at 0.5523 of the radius.
  const k = r * 0.5523;
  return [
    { type: 'M', x: x + r, y },
    { type: 'L', x: x + width - r, y },
    { type: 'C', x1: x + width - r + k, y1: y, x2: x + width, y2: y + r - k, x: x + width, y: y + r },
    { type: 'L', x: x + width, y: y + height - r },
    {
      type: 'C',
      x1: x + width,
      y1: y + height - r + k,
      x2: x + width - r + k,
      y2: y + height,
      x: x + width - r,
      y: y + height,
    },
    { type: 'L', x: x + r, y: y + height },
    { type: 'C', x1: x + r - k, y1: y + height, x2: x, y2: y + height - r + k, x, y: y + height - r },
    { type: 'L', x, y: y + r },
    { type: 'C', x1: x, y1: y + r - k, x2: x + r - k, y2: y, x: x + r, y },
    { type: 'Z' },
  ];
}
