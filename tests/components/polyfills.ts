import { afterAll, beforeAll } from 'vitest';

// jsdom lacks the pointer-capture and scrolling APIs Radix Select calls while opening and navigating.
const stubs = {
  hasPointerCapture: () => false,
  setPointerCapture: () => undefined,
  releasePointerCapture: () => undefined,
  scrollIntoView: () => undefined,
};
const missing = (Object.keys(stubs) as (keyof typeof stubs)[]).filter((name) => !(name in Element.prototype));

// For the importing file only: the next file in the same jsdom (isolate: false) must not get them.
beforeAll(() => {
  for (const name of missing) Object.assign(Element.prototype, { [name]: stubs[name] });
});
afterAll(() => {
  for (const name of missing) Reflect.deleteProperty(Element.prototype, name);
});
