/**
 * The share image of a team page (Open Graph, 1200 × 630): a band in the competition's colour with
 * its name, the team's name, its progress in the competition's unit and as a bar with its percent,
 * and a note while the board is frozen (the figures are then the frozen ones). Geist, drawn with
 * opentype.js's outlines on raster.ts's canvas, encoded by _shared/png.ts.
 */
import { opentype, z } from '../_shared/deps.ts';
import { EMAIL_COLOURS, paletteOf } from '../_shared/email-layout.ts';
import { encodePng } from '../_shared/png.ts';
import { Canvas, type PathCommand, roundedRect } from './raster.ts';

export const WIDTH = 1200;
export const HEIGHT = 630;

/** What competition_team_share answers. */
export const teamShareSchema = z.object({
  team_name: z.string(),
  competition_name: z.string(),
  unit: z.string(),
  total: z.number(),
  goal: z.number(),
  percent: z.number(),
  frozen: z.boolean(),
  color: z.string().nullable(),
});

export type TeamShare = z.infer<typeof teamShareSchema>;

type Font = ReturnType<typeof opentype.parse>;

export interface Fonts {
  regular: Font;
  semibold: Font;
}

/** Geist (SIL Open Font License, fonts/OFL.txt), from the function's own folder. */
export async function loadFonts(): Promise<Fonts> {
  const read = async (file: string) =>
    opentype.parse((await Deno.readFile(new URL(`./fonts/${file}`, import.meta.url))).buffer);
  const [regular, semibold] = await Promise.all([read('Geist-Regular.ttf'), read('Geist-SemiBold.ttf')]);
  return { regular, semibold };
}

const MARGIN = 80;
const CONTENT = WIDTH - 2 * MARGIN;
/** Where the bar sits: its left edge, top and size. */
export const BAR = { x: MARGIN, y: 440, width: CONTENT, height: 56 } as const;

const NUMBER = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 });

/**
 * The text at `size`, made smaller down to `smallest` to fit `width`, then cut with «…» if it still
 * does not.
 */
function fitted(
  font: Font,
  text: string,
  size: number,
  smallest: number,
  width: number,
): { text: string; size: number } {
  let fit = size;
  while (fit > smallest && font.getAdvanceWidth(text, fit) > width) fit -= 2;
  if (font.getAdvanceWidth(text, fit) <= width) return { text, size: fit };
  const letters = [...text];
  while (letters.length > 1 && font.getAdvanceWidth(`${letters.join('').trimEnd()}…`, fit) > width)
    letters.pop();
  return { text: `${letters.join('').trimEnd()}…`, size: fit };
}

function write(
  canvas: Canvas,
  font: Font,
  text: string,
  at: { x: number; baseline: number; size: number; colour: string; align?: 'left' | 'right' },
): void {
  const x = at.align === 'right' ? at.x - font.getAdvanceWidth(text, at.size) : at.x;
  canvas.fill(font.getPath(text, x, at.baseline, at.size).commands as PathCommand[], at.colour);
}

/** The image's pixels as a PNG. */
export function drawShareImage(share: TeamShare, fonts: Fonts): Promise<Uint8Array> {
  const palette = paletteOf(share.color);
  const canvas = new Canvas(WIDTH, HEIGHT, EMAIL_COLOURS.surface);

  canvas.fill(roundedRect(0, 0, WIDTH, 120, 0), palette.brand);
  const competition = fitted(fonts.semibold, share.competition_name, 40, 28, CONTENT);
  write(canvas, fonts.semibold, competition.text, {
    x: MARGIN,
    baseline: 74,
    size: competition.size,
    colour: palette.onBrand,
  });

  const team = fitted(fonts.semibold, share.team_name, 88, 56, CONTENT);
  write(canvas, fonts.semibold, team.text, {
    x: MARGIN,
    baseline: 270,
    size: team.size,
    colour: EMAIL_COLOURS.text,
  });

  const percent = `${NUMBER.format(share.percent)} %`;
  const percentWidth = fonts.semibold.getAdvanceWidth(percent, 64);
  write(canvas, fonts.semibold, percent, {
    x: WIDTH - MARGIN,
    baseline: 400,
    size: 64,
    colour: palette.link,
    align: 'right',
  });
  const progress = fitted(
    fonts.regular,
    `${NUMBER.format(share.total)} av ${NUMBER.format(share.goal)} ${share.unit}`,
    40,
    28,
    CONTENT - percentWidth - 40,
  );
  write(canvas, fonts.regular, progress.text, {
    x: MARGIN,
    baseline: 396,
    size: progress.size,
    colour: EMAIL_COLOURS.textMuted,
  });

  canvas.fill(roundedRect(BAR.x, BAR.y, BAR.width, BAR.height, BAR.height / 2), EMAIL_COLOURS.border);
  const filled = (Math.min(100, Math.max(0, share.percent)) / 100) * BAR.width;
  // A sliver of progress still shows as a round dot, not nothing.
  if (filled > 0) {
    canvas.fill(
      roundedRect(BAR.x, BAR.y, Math.max(filled, BAR.height), BAR.height, BAR.height / 2),
      palette.brand,
    );
  }

  if (share.frozen) {
    write(canvas, fonts.regular, 'Stillingen er frosset til fylloppet er over', {
      x: MARGIN,
      baseline: 570,
      size: 32,
      colour: EMAIL_COLOURS.textMuted,
    });
  }
  return encodePng(WIDTH, HEIGHT, canvas.rgb);
}
