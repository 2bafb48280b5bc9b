import { contrastRatio, MIN_TEXT_CONTRAST, readableOn } from '@/lib/contrast';

/** The campaign's `design` as a public page reads it: the organization's colours. */
export type PublicDesign = {
  primary_color?: string;
  background_color?: string;
  text_color?: string;
} & Record<string, unknown>;

const HEX = /^#[0-9a-f]{6}$/i;
const colour = (value: unknown) => (typeof value === 'string' && HEX.test(value) ? value : undefined);

/**
 * The organization's colours as the custom properties the shared public pieces read (--cal-*): the
 * brand colour with black or white on it by contrast, the page ground and a text colour that reads on
 * it at 4.5:1 (else black or white). A colour not chosen stays the app's own token.
 */
export function publicDesignVariables(design: PublicDesign | null | undefined): Record<string, string> {
  const variables: Record<string, string> = {};
  const primary = colour(design?.primary_color);
  if (primary) {
    variables['--cal-primary'] = primary;
    variables['--cal-on-primary'] = readableOn(primary);
  }
  const background = colour(design?.background_color);
  if (background) {
    variables['--cal-bg'] = background;
    const text = colour(design?.text_color);
    variables['--cal-text'] =
      text && (contrastRatio(text, background) ?? 0) >= MIN_TEXT_CONTRAST ? text : readableOn(background);
  }
  return variables;
}
