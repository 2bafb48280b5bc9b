import { byteRange } from './range.ts';

describe('byteRange', () => {
  it('reads the three single-range forms, the end clamped to the last byte', () => {
    expect(byteRange('bytes=2-5', 10)).toEqual({ kind: 'part', start: 2, end: 5 });
    expect(byteRange('bytes=7-', 10)).toEqual({ kind: 'part', start: 7, end: 9 });
    expect(byteRange('bytes=-3', 10)).toEqual({ kind: 'part', start: 7, end: 9 });
    expect(byteRange('bytes=0-99999999999999999999', 10)).toEqual({ kind: 'part', start: 0, end: 9 });
  });

  it('sends the whole file without a header or for one it may ignore', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'bytes=0-1,3-4', 'bytes=5-2', 'bits=0-1']) {
      expect(byteRange(header, 10), String(header)).toEqual({ kind: 'whole' });
    }
  });

  it('cannot satisfy a start at or past the end, a zero suffix, or any start in an empty file', () => {
    expect(byteRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=99999999999999999999-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRange('bytes=0-262143', 0)).toEqual({ kind: 'unsatisfiable' });
    // A suffix of an empty file is the empty file.
    expect(byteRange('bytes=-5', 0)).toEqual({ kind: 'whole' });
  });
});
