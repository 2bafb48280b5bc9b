/**
 * The house style of Leadtorget's e-mails (the same table layout, colours and fonts as
 * supabase/templates/*.html), for the e-mails the functions send. Every value put into the HTML goes
 * through `escapeHtml`.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The platform's own name; a marketplace on it has a name of its own (marketplaces.name). */
export const PLATFORM_NAME = 'Leadtorget';

/**
 * Who sent the e-mail, the last line of every footer (plain text): Leadtorget itself, or a
 * marketplace that runs on it — never «Leadtorget bruker Leadtorget» when the marketplace is
 * Leadtorget's own. The reason the person got it comes before, from each e-mail.
 */
export function sentBy(brand: string): string {
  return brand === PLATFORM_NAME
    ? `Sendt av ${PLATFORM_NAME}, markedsplassen der bedrifter kjøper og selger leads.`
    : `Sendt av ${brand}, en markedsplass for leads som drives på ${PLATFORM_NAME}.`;
}

export interface LayoutInput {
  /** Top line (the brand): «Leadtorget» or a marketplace's name. */
  brand: string;
  /** <title> and <h1>. */
  heading: string;
  /** Paragraphs, already escaped HTML. */
  paragraphs: string[];
  button: { label: string; href: string };
  /** Paragraphs after the button, already escaped HTML. */
  after?: string[];
  /** The grey footer: why the person got the e-mail, already escaped HTML. `sentBy` follows it. */
  footer: string;
  /**
   * The footer's last line (plain text) instead of `sentBy(brand)`: for e-mails a customer of an
   * organization gets (a calendar's), which no marketplace sends.
   */
  signature?: string;
}

const FONT = 'font-family: Arial, Helvetica, sans-serif';
/** A word longer than the line (a name, a code) wraps instead of widening the e-mail. */
const WRAP = 'overflow-wrap: anywhere; word-break: break-word';

/**
 * A link in running text. A URL shown as its own text breaks anywhere: a 360 px phone has room for
 * about 35 characters, and an unbroken link would push the whole e-mail sideways.
 */
export function linkHtml(href: string, label?: string): string {
  const breaks = label === undefined ? '; word-break: break-all' : '';
  return `<a href="${escapeHtml(href)}" style="color: #1d4ed8${breaks}">${escapeHtml(label ?? href)}</a>`;
}

export function renderLayout(input: LayoutInput): string {
  const href = escapeHtml(input.button.href);
  const paragraph = (html: string) => `<p style="margin: 0 0 16px 0">${html}</p>`;
  return `<!doctype html>
<html lang="nb">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />
    <title>${escapeHtml(input.heading)}</title>
  </head>
  <body style="margin: 0; padding: 0; background-color: #f4f5f7">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color: #f4f5f7">
      <tr>
        <td align="center" style="padding: 24px 12px">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width: 560px; background-color: #ffffff; border-radius: 8px">
            <tr>
              <td style="padding: 24px 32px 0 32px; ${FONT}; font-size: 20px; font-weight: bold; color: #1d4ed8; ${WRAP}">${escapeHtml(input.brand)}</td>
            </tr>
            <tr>
              <td style="padding: 16px 32px 24px 32px; ${FONT}; font-size: 16px; line-height: 1.5; color: #1a1d23; ${WRAP}">
                <h1 style="margin: 0 0 16px 0; font-size: 22px; line-height: 1.3; color: #1a1d23">${escapeHtml(input.heading)}</h1>
                ${input.paragraphs.map(paragraph).join('\n                ')}
                <table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 24px 0">
                  <tr>
                    <td style="border-radius: 6px; background-color: #1d4ed8">
                      <a href="${href}" style="display: inline-block; padding: 12px 24px; ${FONT}; font-size: 16px; font-weight: bold; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(input.button.label)}</a>
                    </td>
                  </tr>
                </table>
                <p style="margin: 0 0 16px 0">Virker ikke knappen? Kopier denne lenken inn i nettleseren:<br /><a href="${href}" style="color: #1d4ed8; word-break: break-all">${href}</a></p>
                ${(input.after ?? []).map(paragraph).join('\n                ')}
              </td>
            </tr>
            <tr>
              <td style="padding: 16px 32px 24px 32px; border-top: 1px solid #e1e4e9; ${FONT}; font-size: 14px; line-height: 1.5; color: #4b5261; ${WRAP}">${input.footer}<br /><br />${escapeHtml(input.signature ?? sentBy(input.brand))}</td>
            </tr>
          </table>
        </td>
      </tr>
    </table>
  </body>
</html>
`;
}
