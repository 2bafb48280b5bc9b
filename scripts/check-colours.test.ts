import { rawColours } from './check-colours.mjs';

describe('check:colours', () => {
  it('finds hex, colour functions and the named colours a hand reaches for, by line', () => {
    const css = [
      '.a { color: #fff; }',
      '.b { background: rgb(0 0 0 / 50%); }',
      '.c { border-color: hsl(10 50% 50%); }',
      '.d { background: white; }',
      '.e { color: var(--color-text); }',
    ].join('\n');
    expect(rawColours(css).map((found) => found.line)).toEqual([1, 2, 3, 4]);
  });

  it('lets tokens, keywords and comments be', () => {
    const css = [
      '/* was #ffffff, see tokens */',
      '.a { color: currentColor; background: transparent; white-space: nowrap; }',
      '.b { box-shadow: 0 0 0 5px var(--color-surface); }',
    ].join('\n');
    expect(rawColours(css)).toEqual([]);
  });
});
