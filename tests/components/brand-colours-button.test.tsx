import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { BrandColoursButton } from '@/components/brand-colours-button';
import { organizationBrandKeys } from '@/lib/organization-brand/api/keys';
import { single } from '../msw/rest';
import { setupMswServer } from '../msw/server';
import { prepareI18n } from '../support/render-app';
import { signIn, SUPABASE } from '../support/session';

const ORGANIZATION = '00000000-0000-4000-8000-00000000000a';
let brand = { brand_accent: '#0b5cad', brand_background: '#f6f4ef', brand_text: '#1f2a30' } as Record<
  string,
  string | null
>;
setupMswServer(http.get(`${SUPABASE}/rest/v1/organizations`, ({ request }) => single(request, brand)));

beforeAll(() => prepareI18n());
beforeEach(() => signIn());

function show(onUse: (colours: unknown) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BrandColoursButton organizationId={ORGANIZATION} onUse={onUse} />
    </QueryClientProvider>,
  );
  return client;
}

describe('<BrandColoursButton>', () => {
  it('hands the organization’s brand colours to the editor, named beside the button', async () => {
    const onUse = vi.fn();
    show(onUse);
    const button = await screen.findByRole('button', { name: 'Bruk organisasjonens farger' });
    expect(button).toHaveAccessibleDescription('Aksent #0b5cad, bakgrunn #f6f4ef, tekst #1f2a30.');
    await userEvent.click(button);
    expect(onUse).toHaveBeenCalledWith({ accent: '#0b5cad', background: '#f6f4ef', text: '#1f2a30' });
  });

  it('shows nothing while the organization has not set all three', async () => {
    brand = { brand_accent: '#0b5cad', brand_background: null, brand_text: null };
    const client = show(vi.fn());
    await waitFor(() =>
      expect(client.getQueryState(organizationBrandKeys.brand(ORGANIZATION))?.status).toBe('success'),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
