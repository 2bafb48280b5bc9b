import { vi } from 'vitest';

/** Catches the files `downloadFile` starts: each one's name and Blob (no navigation in jsdom). */
export function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let made: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    made = blob as Blob;
    return 'blob:download';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (made) files.push({ name: this.download, blob: made });
  });
  return files;
}
