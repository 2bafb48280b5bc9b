import { readDesign, applyTheme } from '@/features/calendars/utils/editor-design';
import { CALENDAR_THEMES, THEME_PRESETS } from '@/features/calendars/utils/themes';
import { contrastRatio } from '@/lib/contrast';

describe('calendar themes', () => {
  it.each(CALENDAR_THEMES)('«%s» reads at 4.5:1 and its doors and brand colour stand out at 3:1', (theme) => {
    const preset = THEME_PRESETS[theme];
    expect(contrastRatio(preset.text_color, preset.background_color)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(preset.door_text_color, preset.door_color)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(preset.door_color, preset.background_color)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(preset.primary_color, preset.background_color)).toBeGreaterThanOrEqual(3);
  });

  it('reads an empty design as «Klassisk jul», and an older row keeps its colours', () => {
    expect(readDesign({})).toMatchObject({
      theme: 'klassisk-jul',
      door_style: 'gave',
      door_color: '#f7efe1',
    });
    expect(readDesign({ door_color: '#123456', theme: 'nope', door_style: 'nope' })).toMatchObject({
      theme: 'klassisk-jul',
      door_style: 'gave',
      door_color: '#123456',
    });
  });

  it('applies a theme over the colours but keeps the background picture', () => {
    const design = { ...readDesign({}), background_media_id: 'e0000000-0000-4000-8000-000000000005' };
    expect(applyTheme(design, 'minimal')).toMatchObject({
      theme: 'minimal',
      door_style: 'flis',
      background_color: '#ffffff',
      background_media_id: 'e0000000-0000-4000-8000-000000000005',
    });
  });
});
