/**
 * The receipt as a PDF (A4): a small writer of text-only PDF 1.4 with the standard Helvetica fonts,
 * which every PDF reader has, so nothing is embedded. WinAnsiEncoding covers æ, ø, å and the other
 * characters of our texts (–, •, ×, non-breaking space); anything beyond it becomes «?». Loaded only
 * when «Last ned PDF» is clicked (dynamic import).
 */
import type { ReceiptSection } from './receipt-sections';

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const VALUE_X = 250;

/** WinAnsi (cp1252) codes of the characters outside Latin-1 that our texts use. */
const CP1252: Record<string, number> = {
  '–': 0x96,
  '—': 0x97,
  '•': 0x95,
  '€': 0x80,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
};

/** A PDF string literal in WinAnsi bytes (as a binary string), with ( ) \ escaped. */
function pdfString(text: string): string {
  let out = '';
  for (const char of text.replace(/[\u2212]/g, '-').replace(/[\u202f\u2009]/g, ' ')) {
    const code = char.codePointAt(0)!;
    const byte =
      CP1252[char] ?? (code >= 0x20 && code <= 0xff && (code < 0x7f || code >= 0xa0) ? code : 0x3f);
    const raw = String.fromCharCode(byte);
    out += raw === '(' || raw === ')' || raw === '\\' ? `\\${raw}` : raw;
  }
  return `(${out})`;
}

type Run = { text: string; x: number; y: number; size: number; bold: boolean };

/** Lays the sections out in runs of text, page by page. */
function layout(title: string, sections: readonly ReceiptSection[]): Run[][] {
  const pages: Run[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const put = (text: string, x: number, size = 10, bold = false) =>
    pages.at(-1)!.push({ text, x, y, size, bold });
  const advance = (by: number) => {
    y -= by;
    if (y < PAGE.margin) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    }
  };
  put(title, PAGE.margin, 18, true);
  advance(30);
  for (const section of sections) {
    if (section.heading) {
      put(section.heading, PAGE.margin, 11, true);
      advance(16);
    }
    for (const text of section.text ?? []) {
      put(text, PAGE.margin);
      advance(14);
    }
    for (const [label, value, strong] of section.rows ?? []) {
      put(label, PAGE.margin, 10, strong);
      put(value, VALUE_X, 10, strong);
      advance(14);
    }
    advance(10);
  }
  return pages;
}

export function receiptPdf(title: string, sections: readonly ReceiptSection[]): Uint8Array {
  const pages = layout(title, sections);
  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then per page its page and content.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(title)} /Producer (Leadtorget) >>`;
  pages.forEach((runs, index) => {
    const content = runs
      .map(
        (run) =>
          `BT /${run.bold ? 'F2' : 'F1'} ${run.size} Tf ${run.x} ${run.y.toFixed(2)} Td ${pdfString(run.text)} Tj ET`,
      )
      .join('\n');
    objects[pageIds[index]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`;
    objects[pageIds[index]! + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  // The body is a binary string (one char per byte), so its length is the byte offset.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(body, (char) => char.charCodeAt(0));
}
