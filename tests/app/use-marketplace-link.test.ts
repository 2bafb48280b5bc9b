import { urlOnHost } from '@/app/layouts/use-marketplace-link';

describe('urlOnHost', () => {
  it('keeps the scheme and the port of this page (local hosts share the dev server)', () => {
    expect(urlOnHost('localhost', '/', { protocol: 'http:', port: '5173' })).toBe('http://localhost:5173/');
  });

  it('leaves the default port out', () => {
    expect(urlOnHost('leadtorget.no', '/bli-partner', { protocol: 'https:', port: '' })).toBe(
      'https://leadtorget.no/bli-partner',
    );
  });
});
