import { snippetBudget } from './public-budget.mjs';

describe('the popup snippet’s budget', () => {
  it.each([
    [8 * 1024, null],
    [15 * 1024, null],
    [15 * 1024 + 1, 'embed/popups.js is 15.0 KiB gzip (≤ 15 KiB)'],
    [null, 'embed/popups.js was not built'],
  ])('%s bytes: %s', (bytes, failure) => {
    const result = snippetBudget(bytes);
    expect(result.failure).toBe(failure);
    if (bytes !== null) expect(result.line).toContain(`${(bytes / 1024).toFixed(1)} KiB`);
  });
});
