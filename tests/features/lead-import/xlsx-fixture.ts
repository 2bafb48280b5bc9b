import writeXlsxFile, { type SheetData } from 'write-excel-file/node';

type NodeWriter = { toBuffer: () => Promise<Uint8Array> };

/**
 * A real .xlsx workbook (zip + XML as Excel writes it: shared strings, styles, number and date cells),
 * made in the test with write-excel-file — the importer's reader never sees a hand-made imitation.
 */
export async function xlsxBytes(rows: SheetData, sheet = 'Ark1'): Promise<Uint8Array<ArrayBuffer>> {
  // toBuffer() gives a Node Buffer (a Uint8Array); the app's tsconfig has no Node types.
  const buffer: Uint8Array = await (writeXlsxFile(rows, { sheet }) as unknown as NodeWriter).toBuffer();
  const bytes = new Uint8Array(new ArrayBuffer(buffer.byteLength));
  bytes.set(buffer);
  return bytes;
}

export const text = (value: string) => ({ value });
export const number = (value: number) => ({ value, type: Number });
export const date = (value: Date) => ({ value, type: Date, format: 'dd.mm.yyyy' });
export const bool = (value: boolean) => ({ value, type: Boolean });
