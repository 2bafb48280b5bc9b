import { MAX_UPLOAD_BYTES } from '../../../supabase/functions/_shared/upload-limits.ts';

/** The long side a photo from the public is sent at: sharp on a team page, a few hundred KB. */
export const UPLOAD_IMAGE_MAX_SIDE = 1600;

/**
 * A phone's photo made small enough to send quickly: drawn at most `maxSide` pixels on its long side
 * (turned the way the camera held it) and encoded as JPEG, which also leaves its EXIF behind. A file
 * the browser cannot decode, or one already small, is sent as it is; the server checks it either way.
 */
export async function shrinkImage(file: File, maxSide = UPLOAD_IMAGE_MAX_SIDE): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const shrunk = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
    return shrunk.size < file.size || file.type !== 'image/jpeg' ? shrunk : file;
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

/**
 * A chosen photo ready to send (made smaller), or `too-large` when even so it is over what the
 * upload takes. Pages import this module when a photo is sent, so a page without one never loads it.
 */
export async function preparePhoto(file: File): Promise<Blob | 'too-large'> {
  const sent = await shrinkImage(file);
  return sent.size > MAX_UPLOAD_BYTES ? 'too-large' : sent;
}
