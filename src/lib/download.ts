/** Starts a download of text or bytes as a file (an object URL, released right after). */
export function downloadFile(name: string, content: string | Uint8Array, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([content as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
