/**
 * The one layout of every e-mail the functions send: a header with the sender's name (an
 * organization's own colour when it sends, Leadtorget's otherwise), the content, a primary button, a
 * footer (why the person got it, their links, the sender's contact, who sent it), and the plain-text
 * part from the same content.
 *
 * Content is plain text and the layout escapes all of it, so no name or answer can add HTML. The HTML
 * is tables with inline styles (Gmail drops <style>, Outlook renders with Word), fluid up to 600 px so
 * it fits a 360 px phone, without images.
 */

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/** Inline text: plain, bold, a one-time code (large), or a link (shown as its URL when it has no label). */
export type Inline = string | { strong: string } | { code: string } | { href: string; label?: string };

/** A paragraph, or «Label: value» lines (a receipt, a listing's details). */
export type Block = string | readonly Inline[] | { rows: readonly (readonly [string, string])[] };

export interface Sender {
  /** The header's name: Leadtorget, a marketplace, or the organization that sends. */
  name: string;
  /**
   * The sending organization's or marketplace's colour (`#rrggbb`); anything else, or too little
   * contrast, gives Leadtorget's.
   */
  color?: string | null;
  /** The organization's contact address, shown in the footer. */
  contact?: string | null;
}

export interface EmailInput {
  subject: string;
  /** The inbox's preview line after the subject (hidden in the e-mail itself). */
  preheader: string;
  sender: Sender;
  heading: string;
  body: readonly Block[];
  button?: { label: string; href: string };
  /** Paragraphs after the button. */
  after?: readonly Block[];
  /** Why the person got the e-mail. */
  why: string;
  /** The person's own links: unsubscribe, their participation page. */
  links?: readonly { label: string; href: string }[];
  /** The last line: `sentBy(…)` or `sentByOrganization(…)`. */
  signature: string;
}

/** The platform's own name; a marketplace on it has a name of its own (marketplaces.name). */
export const PLATFORM_NAME = 'Leadtorget';

/**
 * Leadtorget's light theme (src/styles/tokens.css; a test keeps them equal): e-mail clients know no
 * CSS custom properties, so the values are copied here.
 */
export const EMAIL_COLOURS = {
  surfaceMuted: '#f4f5f7',
  surface: '#ffffff',
  text: '#1a1d23',
  textMuted: '#4b5261',
  border: '#e1e4e9',
  primary: '#1d4ed8',
  onPrimary: '#ffffff',
} as const;

/** Normal text needs 4.5:1 (WCAG AA). */
export const MIN_TEXT_CONTRAST = 4.5;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Who sent the e-mail, the last line of every footer: Leadtorget itself, or a marketplace that runs
 * on it — never «Leadtorget bruker Leadtorget» when the marketplace is Leadtorget's own.
 */
export function sentBy(brand: string): string {
  return brand === PLATFORM_NAME
    ? `Sendt av ${PLATFORM_NAME}, markedsplassen der bedrifter kjøper og selger leads.`
    : `Sendt av ${brand}, en markedsplass for leads som drives på ${PLATFORM_NAME}.`;
}

/** The last line of the e-mails an organization sends its own customers (no marketplace involved). */
export function sentByOrganization(organizationName: string): string {
  return `Sendt av ${organizationName} med ${PLATFORM_NAME}.`;
}

function luminance(hex: string): number {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
}

/** A marketplace's colour from its branding (`marketplaces.branding.primaryColor`), if it is `#rrggbb`. */
export function marketplaceColour(branding: unknown): string | null {
  const colour = (branding as { primaryColor?: unknown } | null)?.primaryColor;
  return typeof colour === 'string' && /^#[0-9a-f]{6}$/i.test(colour) ? colour : null;
}

/** WCAG 2 contrast of two `#rrggbb` colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export interface Palette {
  /** The header band and the button. */
  brand: string;
  /** Text on `brand`. */
  onBrand: string;
  /** Links in the white content. */
  link: string;
}

/**
 * The colours of the sender: its colour with white or dark text, whichever reads better, when that
 * reaches 4.5:1; Leadtorget's primary otherwise. Links take the colour only where it reads on white.
 */
export function paletteOf(color: string | null | undefined): Palette {
  const own: Palette = {
    brand: EMAIL_COLOURS.primary,
    onBrand: EMAIL_COLOURS.onPrimary,
    link: EMAIL_COLOURS.primary,
  };
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return own;
  const brand = color.toLowerCase();
  const onBrand = [EMAIL_COLOURS.surface, EMAIL_COLOURS.text].reduce((best, candidate) =>
    contrastRatio(candidate, brand) > contrastRatio(best, brand) ? candidate : best,
  );
  if (contrastRatio(onBrand, brand) < MIN_TEXT_CONTRAST) return own;
  const link =
    contrastRatio(brand, EMAIL_COLOURS.surface) >= MIN_TEXT_CONTRAST ? brand : EMAIL_COLOURS.primary;
  return { brand, onBrand, link };
}

const FONT = "font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/** A word longer than the line (a name, a code) wraps instead of widening the e-mail. */
const WRAP = 'overflow-wrap: anywhere; word-break: break-word';

/** A URL shown as its own text breaks anywhere: a 360 px phone has room for about 35 characters. */
function linkHtml(href: string, label: string | undefined, colour: string): string {
  const breaks = label === undefined ? '; word-break: break-all' : '';
  return `<a href="${escapeHtml(href)}" style="color: ${colour}; text-decoration: underline${breaks}">${escapeHtml(label ?? href)}</a>`;
}

function inlineHtml(part: Inline, palette: Palette): string {
  if (typeof part === 'string') return escapeHtml(part);
  if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
  if ('code' in part)
    return `<strong style="font-size: 22px; letter-spacing: 3px">${escapeHtml(part.code)}</strong>`;
  return linkHtml(part.href, part.label, palette.link);
}

function inlineText(part: Inline): string {
  if (typeof part === 'string') return part;
  if ('strong' in part) return part.strong;
  if ('code' in part) return part.code;
  return part.label === undefined ? part.href : `${part.label} (${part.href})`;
}

const PARAGRAPH = 'margin: 0 0 16px 0';

function blockHtml(block: Block, palette: Palette): string {
  if (typeof block === 'string') return `<p style="${PARAGRAPH}">${escapeHtml(block)}</p>`;
  if ('rows' in block) {
    const rows = block.rows.map(
      ([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`,
    );
    return `<p style="${PARAGRAPH}">${rows.join('<br />')}</p>`;
  }
  return `<p style="${PARAGRAPH}">${block.map((part) => inlineHtml(part, palette)).join('')}</p>`;
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.map(inlineText).join('');
}

/**
 * The hidden preview line. The run of zero-width joiners after it keeps the mail client from filling
 * the preview with the header and heading.
 */
function preheaderHtml(preheader: string): string {
  return `<div style="display: none; max-height: 0; overflow: hidden; mso-hide: all; font-size: 1px; line-height: 1px; color: ${EMAIL_COLOURS.surfaceMuted}; opacity: 0">${escapeHtml(preheader)}${'&#8204;&nbsp;'.repeat(40)}</div>`;
}

function buttonHtml(button: { label: string; href: string }, palette: Palette): string {
  const href = escapeHtml(button.href);
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 24px 0">
                  <tr>
                    <td bgcolor="${palette.brand}" style="border-radius: 8px; background-color: ${palette.brand}">
                      <a href="${href}" style="display: inline-block; padding: 12px 24px; border: 1px solid ${palette.brand}; border-radius: 8px; ${FONT}; font-size: 16px; line-height: 1.25; font-weight: bold; color: ${palette.onBrand}; text-decoration: none">${escapeHtml(button.label)}</a>
                    </td>
                  </tr>
                </table>
                <p style="${PARAGRAPH}; font-size: 14px; color: ${EMAIL_COLOURS.textMuted}">Virker ikke knappen? Kopier denne lenken inn i nettleseren:<br />${linkHtml(button.href, undefined, palette.link)}</p>`;
}

function footerHtml(input: EmailInput, palette: Palette): string {
  const lines = [escapeHtml(input.why)];
  const links = (input.links ?? []).map((link) => linkHtml(link.href, link.label, palette.link));
  if (links.length > 0) lines.push(links.join(' · '));
  const contact = input.sender.contact?.trim();
  if (contact) {
    lines.push(
      `Spørsmål? Kontakt ${escapeHtml(input.sender.name)} på ${linkHtml(`mailto:${contact}`, contact, palette.link)}.`,
    );
  }
  lines.push(escapeHtml(input.signature));
  return lines.map((line) => `<p style="margin: 0 0 12px 0">${line}</p>`).join('\n                ');
}

function renderHtml(input: EmailInput): string {
  const palette = paletteOf(input.sender.color);
  const content = [
    `<h1 style="margin: 0 0 16px 0; ${FONT}; font-size: 22px; line-height: 1.3; font-weight: bold; color: ${EMAIL_COLOURS.text}">${escapeHtml(input.heading)}</h1>`,
    ...input.body.map((block) => blockHtml(block, palette)),
    ...(input.button ? [buttonHtml(input.button, palette)] : []),
    ...(input.after ?? []).map((block) => blockHtml(block, palette)),
  ].join('\n                ');
  return `<!doctype html>
<html lang="nb">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />
    <meta name="supported-color-schemes" content="light" />
    <title>${escapeHtml(input.subject)}</title>
  </head>
  <body style="margin: 0; padding: 0; background-color: ${EMAIL_COLOURS.surfaceMuted}">
    ${preheaderHtml(input.preheader)}
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color: ${EMAIL_COLOURS.surfaceMuted}">
      <tr>
        <td align="center" style="padding: 24px 12px">
          <!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width: 600px; background-color: ${EMAIL_COLOURS.surface}; border: 1px solid ${EMAIL_COLOURS.border}; border-radius: 12px; border-collapse: separate; overflow: hidden">
            <tr>
              <td bgcolor="${palette.brand}" style="padding: 20px 24px; background-color: ${palette.brand}; ${FONT}; font-size: 20px; line-height: 1.3; font-weight: bold; letter-spacing: -0.01em; color: ${palette.onBrand}; ${WRAP}">${escapeHtml(input.sender.name)}</td>
            </tr>
            <tr>
              <td style="padding: 24px 24px 8px 24px; ${FONT}; font-size: 16px; line-height: 1.5; color: ${EMAIL_COLOURS.text}; ${WRAP}">
                ${content}
              </td>
            </tr>
            <tr>
              <td style="padding: 16px 24px 12px 24px; border-top: 1px solid ${EMAIL_COLOURS.border}; ${FONT}; font-size: 14px; line-height: 1.5; color: ${EMAIL_COLOURS.textMuted}; ${WRAP}">
                ${footerHtml(input, palette)}
              </td>
            </tr>
          </table>
          <!--[if mso]></td></tr></table><![endif]-->
        </td>
      </tr>
    </table>
  </body>
</html>
`;
}

/** The plain-text part: the same content, links written out, the footer after a «-- » line. */
function renderText(input: EmailInput): string {
  const parts = [input.heading, ...input.body.map(blockText)];
  if (input.button) parts.push(`${input.button.label}: ${input.button.href}`);
  parts.push(...(input.after ?? []).map(blockText));
  const footer = [input.why, ...(input.links ?? []).map((link) => `${link.label}: ${link.href}`)];
  const contact = input.sender.contact?.trim();
  if (contact) footer.push(`Spørsmål? Kontakt ${input.sender.name} på ${contact}.`);
  footer.push(input.signature);
  return `${parts.join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
}

export function renderEmail(input: EmailInput): EmailContent {
  return { subject: input.subject, html: renderHtml(input), text: renderText(input) };
}
