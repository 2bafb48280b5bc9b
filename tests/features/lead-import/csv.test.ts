import { csvField, decodeBytes, detectDelimiter, parseCsv, readCsv } from '@/lib/spreadsheet/csv';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Windows-1252 bytes for Latin-1 text (æøåÆØÅ are the same code points). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

describe('decodeBytes', () => {
  it('reads UTF-8 without a BOM', () => {
    expect(decodeBytes(utf8('Navn\nBjørn Ås'))).toEqual({ text: 'Navn\nBjørn Ås', encoding: 'utf-8' });
  });

  it('strips a UTF-8 BOM', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Navn;Sted\nÆrlig;Tromsø')]);
    expect(decodeBytes(bytes)).toEqual({ text: 'Navn;Sted\nÆrlig;Tromsø', encoding: 'utf-8-bom' });
  });

  it('falls back to Windows-1252 for a Norwegian Excel export, keeping æøå', () => {
    const bytes = cp1252('Navn;Poststed\nKåre Ødegård;Bærum\nÆSE;ØÅ');
    expect(bytes.includes(0xe5)).toBe(true); // å as one byte: not valid UTF-8
    expect(decodeBytes(bytes)).toEqual({
      text: 'Navn;Poststed\nKåre Ødegård;Bærum\nÆSE;ØÅ',
      encoding: 'windows-1252',
    });
  });

  it('decodes the Windows-1252 specials (€, quotes) that are not Latin-1', () => {
    expect(decodeBytes(new Uint8Array([0x80, 0x93, 0x94])).text).toBe('€“”');
  });

  it('reads UTF-16 with a BOM', () => {
    const text = 'Navn\nÅse';
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set([0xff, 0xfe]);
    [...text].forEach((char, index) => {
      bytes[2 + index * 2] = char.charCodeAt(0);
    });
    expect(decodeBytes(bytes)).toEqual({ text, encoding: 'utf-16le' });
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['navn,epost,telefon\nOla,ola@example.no,91234567', ','],
    ['navn;epost;telefon\nOla;ola@example.no;91234567', ';'],
    ['navn\tepost\ttelefon\nOla\tola@example.no\t91234567', '\t'],
  ] as const)('finds the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('ignores delimiters inside quotes', () => {
    // two commas inside quotes would make comma win if they counted
    expect(detectDelimiter('navn;notat\n"Hansen, Ola";"a, b, c"\n"Berg, Kari";x')).toBe(';');
  });

  it('takes comma for a single column', () => {
    expect(detectDelimiter('navn\nOla\nKari')).toBe(',');
  });
});

describe('parseCsv', () => {
  it('splits rows and fields, CRLF and LF alike, and drops empty lines', () => {
    expect(parseCsv('a,b\r\n1,2\n\n3,4\r\n', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('handles quoted fields with delimiters, doubled quotes and line breaks', () => {
    const text = 'navn;notat\n"Hansen; Ola";"Sa ""hei""\npå to linjer"\nKari;"";\n';
    expect(parseCsv(text, ';')).toEqual([
      ['navn', 'notat'],
      ['Hansen; Ola', 'Sa "hei"\npå to linjer'],
      ['Kari', '', ''],
    ]);
  });

  it('keeps a last row without a line break and empty fields', () => {
    expect(parseCsv('a\tb\tc\n1\t\t3', '\t')).toEqual([
      ['a', 'b', 'c'],
      ['1', '', '3'],
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseCsv('a,b\n5" rør,x', ',')).toEqual([
      ['a', 'b'],
      ['5" rør', 'x'],
    ]);
  });
});

describe('readCsv', () => {
  it('reads a Windows-1252 semicolon file with its headers', () => {
    const parsed = readCsv(cp1252('Navn;E-post;Sted\r\nPål Sæther;pal@example.no;Ålesund\r\n'));
    expect(parsed).toEqual({
      headers: ['Navn', 'E-post', 'Sted'],
      rows: [['Pål Sæther', 'pal@example.no', 'Ålesund']],
      rowNumbers: [2],
      delimiter: ';',
      encoding: 'windows-1252',
    });
  });
});

describe('row numbers', () => {
  it('counts left-out empty rows, and a quoted line break stays one row', () => {
    const parsed = readCsv(utf8('Navn;Notat\n\nOla;"to\nlinjer"\n;\nKari;x\n'));
    expect(parsed.rows).toEqual([
      ['Ola', 'to\nlinjer'],
      ['Kari', 'x'],
    ]);
    expect(parsed.rowNumbers).toEqual([3, 5]);
  });
});

describe('csvField', () => {
  it('quotes only when needed', () => {
    expect(csvField('Ola', ';')).toBe('Ola');
    expect(csvField('a;b', ';')).toBe('"a;b"');
    expect(csvField('si "hei"', ';')).toBe('"si ""hei"""');
    expect(csvField('to\nlinjer', ',')).toBe('"to\nlinjer"');
  });
});
