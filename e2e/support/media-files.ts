import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { admin } from './admin';

/*
 * What the media library stored, read with the service role: the e2e specs and the Firefox check
 * (scripts/firefox-media-check.ts) compare it with what the browser was given.
 */

export const MEDIA_BUCKET = 'organizations-media';

/** The organization's media rows and its item folders in the bucket. */
export async function storedMedia(organizationId: string) {
  const rows = await admin
    .from('organizations_media')
    .select('*')
    .eq('organization_id', organizationId)
    .throwOnError();
  const objects = await admin.storage.from(MEDIA_BUCKET).list(organizationId);
  return { rows: rows.data ?? [], folders: objects.data ?? [] };
}

/** A stored object's bytes. */
export async function downloadMedia(path: string): Promise<Buffer> {
  const { data, error } = await admin.storage.from(MEDIA_BUCKET).download(path);
  if (error) throw error;
  return Buffer.from(await data.arrayBuffer());
}

/** What a stored video really is: its container and codecs, read by demuxing it (no decoder needed). */
export async function describeVideoFile(path: string) {
  const bytes = new Uint8Array(await downloadMedia(path));
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const video = await input.getPrimaryVideoTrack();
  const audio = await input.getPrimaryAudioTrack();
  return {
    magic: Buffer.from(bytes.subarray(0, 12)).toString('hex'),
    mime: await input.getMimeType(),
    video: await video?.getCodec(),
    audio: await audio?.getCodec(),
    width: await video?.getDisplayWidth(),
    height: await video?.getDisplayHeight(),
    duration: await input.computeDuration(),
  };
}

/** Runs IN THE BROWSER (page.evaluate): a 640 × 480 JPEG from the browser's own encoder, as a data URL. */
export function drawJpegDataUrl(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 480;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.fillStyle = '#2a6';
  context.fillRect(0, 0, 640, 480);
  return canvas.toDataURL('image/jpeg', 0.9);
}

/**
 * The JPEG of a data URL with an EXIF segment spliced in after its start marker: a TIFF header whose
 * first directory points at a GPS directory (latitude reference «N») and carries a marker string, so
 * the stored files can be searched for both.
 */
export function jpegWithGps(jpegDataUrl: string, marker: string): Buffer {
  const jpeg = Buffer.from(jpegDataUrl.split(',')[1] ?? '', 'base64');
  // Little-endian TIFF: IFD0 with GPSInfo (0x8825) → GPS IFD with GPSLatitudeRef = «N», then the marker.
  const tiff = Buffer.alloc(8 + 18 + 18);
  tiff.write('II', 0, 'ascii');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8); // IFD0: one entry
  tiff.writeUInt16LE(0x8825, 10);
  tiff.writeUInt16LE(4, 12); // LONG
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt32LE(26, 18); // offset of the GPS IFD
  tiff.writeUInt32LE(0, 22); // no next IFD
  tiff.writeUInt16LE(1, 26); // GPS IFD: one entry
  tiff.writeUInt16LE(0x0001, 28); // GPSLatitudeRef
  tiff.writeUInt16LE(2, 30); // ASCII
  tiff.writeUInt32LE(2, 32);
  tiff.write('N\0', 36, 'ascii');
  tiff.writeUInt32LE(0, 40);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff, Buffer.from(marker, 'ascii')]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), length, payload]);
  return Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
}
