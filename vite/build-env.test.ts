import { describe, expect, it } from 'vitest';
import { viteEnvJson } from './build-env.ts';

describe('viteEnvJson', () => {
  it('keeps only the VITE_ variables, sorted, so equal environments give equal text', () => {
    const a = viteEnvJson({ VITE_B: '2', PATH: '/bin', VITE_A: '1' });
    const b = viteEnvJson({ VITE_A: '1', HOME: '/root', VITE_B: '2' });
    expect(a).toBe('{"VITE_A":"1","VITE_B":"2"}');
    expect(b).toBe(a);
  });

  it('differs when a VITE_ variable is added or changed', () => {
    const base = viteEnvJson({ VITE_A: '1' });
    expect(viteEnvJson({ VITE_A: '2' })).not.toBe(base);
    expect(viteEnvJson({ VITE_A: '1', VITE_B: '' })).not.toBe(base);
    expect(viteEnvJson({})).toBe('{}');
  });
});
