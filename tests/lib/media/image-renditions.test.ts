import { chooseImageFormat } from '@/lib/media/image-renditions';

describe('chooseImageFormat', () => {
  it('makes WebP wherever the browser encodes it, without drawing the image', () => {
    const transparent = vi.fn(() => true);
    for (const mime of ['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
      expect(chooseImageFormat(true, mime, transparent)).toEqual({ type: 'image/webp', ext: 'webp' });
    expect(transparent).not.toHaveBeenCalled();
  });

  it('makes JPEG from a JPEG where WebP is missing: a JPEG has no see-through pixels to look for', () => {
    const transparent = vi.fn(() => true);
    expect(chooseImageFormat(false, 'image/jpeg', transparent)).toEqual({ type: 'image/jpeg', ext: 'jpg' });
    expect(transparent).not.toHaveBeenCalled();
  });

  it('keeps a see-through PNG, WebP or GIF as PNG, and makes an opaque one JPEG, where WebP is missing', () => {
    expect(chooseImageFormat(false, 'image/png', () => true)).toEqual({ type: 'image/png', ext: 'png' });
    expect(chooseImageFormat(false, 'image/webp', () => true)).toEqual({ type: 'image/png', ext: 'png' });
    expect(chooseImageFormat(false, 'image/png', () => false)).toEqual({ type: 'image/jpeg', ext: 'jpg' });
  });
});
