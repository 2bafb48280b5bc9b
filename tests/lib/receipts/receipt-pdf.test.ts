import { receiptPdf } from '@/lib/receipts/receipt-pdf';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');

describe('receiptPdf', () => {
  const pdf = latin1(
    receiptPdf('Kvittering nr. 7', [
      { heading: 'Selger', text: ['Fjord Rør AS (æøå ÆØÅ)', 'Org.nr. 915 226 485 MVA'] },
      {
        rows: [
          ['Kort', 'Visa •••• 4242'],
          ['Betalt inkl. mva', '1\u00a0112,50\u00a0kr', true],
          ['Kjøpt', 'A – (b) \\ c'],
        ],
      },
    ]),
  );

  it('writes Norwegian letters and the card dots in WinAnsi, with ( ) \\ escaped', () => {
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf).toContain('/Encoding /WinAnsiEncoding');
    expect(pdf).toContain('(Fjord R\xf8r AS \\(\xe6\xf8\xe5 \xc6\xd8\xc5\\))');
    expect(pdf).toContain('(Visa \x95\x95\x95\x95 4242)');
    expect(pdf).toContain('(A \x96 \\(b\\) \\\\ c)');
  });

  it('has a cross-reference table whose offsets point at its objects', () => {
    const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(start, start + 4)).toBe('xref');
    const [, countLine, , ...entries] = pdf.slice(start).split('\n');
    const count = Number(countLine!.split(' ')[1]);
    expect(count).toBeGreaterThan(6);
    for (let id = 1; id < count; id++) {
      const offset = Number(entries[id - 1]!.slice(0, 10));
      expect(pdf.slice(offset).startsWith(`${id} 0 obj`)).toBe(true);
    }
  });
});
