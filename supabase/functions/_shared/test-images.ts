/** Hand-made picture files for the tests of what reads or rewrites them. */
export const text = (value: string) => new TextEncoder().encode(value);
export const bytes = (...parts: (number[] | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((part) => [...part]));

const segment = (marker: number, payload: Uint8Array) =>
  bytes([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff], payload);

export const JPEG_WITH_GPS = bytes(
  [0xff, 0xd8],
  segment(0xe0, text('JFIF\0')),
  segment(0xe1, text('Exif\0\0GPS 59.91N 10.75E')),
  segment(0xe2, text('ICC_PROFILE\0')),
  segment(0xfe, text('Kommentar')),
  segment(0xdb, new Uint8Array(5)),
  [0xff, 0xda, 0x00, 0x04, 0x01, 0x02, 0x33, 0x44, 0xff, 0xd9],
);
