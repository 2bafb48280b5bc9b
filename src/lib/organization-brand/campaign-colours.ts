import type { BrandColourSet } from './api/get-brand';

/** The brand colours under the names the calendars' and competitions' designs give them. */
export const campaignColours = (brand: BrandColourSet) => ({
  background_color: brand.background,
  text_color: brand.text,
  primary_color: brand.accent,
});
