/** A file's bytes (FileReader where Blob#arrayBuffer is missing: older Safari, jsdom). */
export function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('file-unreadable'));
    reader.readAsArrayBuffer(file);
  });
}
