/**
 * The receipt as a PDF (A4), built in the browser with pdf-lib. Loaded only when «Last ned PDF» is
 * clicked (dynamic import), so /payments does not carry the library. Helvetica's WinAnsi encoding
 * has æ, ø and å; the few characters Intl's Norwegian formats use beyond it are replaced.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { ReceiptSection } from './receipt-sections';

const WIN_ANSI_REPLACEMENTS: Record<string, string> = { '\u2212': '-', '\u202f': ' ', '\u2009': ' ' };
const encodable = (text: string) =>
  text.replace(/[\u2212\u202f\u2009]/g, (c) => WIN_ANSI_REPLACEMENTS[c] ?? c);

export async function receiptPdf(title: string, sections: readonly ReceiptSection[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(title);
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  let page = document.addPage([595.28, 841.89]);
  const margin = 56;
  const valueX = 250;
  let y = page.getHeight() - margin;
  const ink = rgb(0.1, 0.1, 0.1);

  const line = (text: string, x: number, font = regular, size = 10) =>
    page.drawText(encodable(text), { x, y, size, font, color: ink, maxWidth: page.getWidth() - x - margin });
  const advance = (by: number) => {
    y -= by;
    if (y < margin) {
      page = document.addPage([595.28, 841.89]);
      y = page.getHeight() - margin;
    }
  };

  line(title, margin, bold, 18);
  advance(30);
  for (const section of sections) {
    if (section.heading) {
      line(section.heading, margin, bold, 11);
      advance(16);
    }
    for (const text of section.text ?? []) {
      line(text, margin);
      advance(14);
    }
    for (const [label, value, strong] of section.rows ?? []) {
      line(label, margin, strong ? bold : regular);
      line(value, valueX, strong ? bold : regular);
      advance(14);
    }
    advance(10);
  }
  return await document.save();
}

/** Saves the bytes as a file through a temporary link (the browser's download). */
export function download(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
