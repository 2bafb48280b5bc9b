import { CAMPAIGN_ERROR_CODES } from '@/lib/public/campaign-codes';
import { createTranslate, sharedPublicMessages } from '@/lib/public/public-texts';

describe('the engine’s error codes', () => {
  it.each(['nb', 'en'] as const)('each has its own %s text in the shared public texts', async (language) => {
    const t = createTranslate(await sharedPublicMessages(language), language);
    const texts = CAMPAIGN_ERROR_CODES.map((code) => t(`errors.${code}`));
    for (const text of texts) expect(text.trim()).not.toBe('');
    expect(new Set(texts).size).toBe(CAMPAIGN_ERROR_CODES.length);
  });
});
