import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublicFunnelStep } from '@/features/funnels/api/public-funnel';
import FunnelPublicRoute from '@/features/funnels/routes/funnel-public';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

const FUNNEL_ID = 'f7000000-0000-4000-8000-0000000000aa';
const STEP_ID = 'f7000000-0000-4000-8000-0000000000b1';
const MEDIA_ID = 'f7000000-0000-4000-8000-0000000000c1';
const PATH = 'org/f7000000-0000-4000-8000-0000000000c1/web.webp';

const salesStep = (images: PublicFunnelStep['step']['images']): PublicFunnelStep => ({
  funnel_id: FUNNEL_ID,
  name: 'Vinterkurs',
  design: null,
  now: '2026-11-28T10:00:00Z',
  offer_minutes: 15,
  seller: { name: 'Fjord Rør AS', organization_number: '923609016', email: 'post@fjordror.no' },
  first_step_id: STEP_ID,
  step: {
    id: STEP_ID,
    type: 'sales',
    name: 'Salg',
    offer_role: null,
    variant: 'A',
    content: [
      { id: 'h', type: 'heading', text: 'Tett rørene før frosten', level: 1 },
      { id: 'i', type: 'image', mediaId: MEDIA_ID, alt: 'Rørlegger ved vask' },
    ],
    images,
    form_id: null,
    checkout_id: null,
    next_step_id: null,
    decline_step_id: null,
    offer_follows: false,
    product: null,
  },
});

const signed: string[][] = [];
const server = setupMswServer(
  http.post(`${SUPABASE}/functions/v1/public-media`, async ({ request }) => {
    const { paths } = (await request.json()) as { paths: string[] };
    signed.push(paths);
    return HttpResponse.json({ links: paths.map((p) => ({ path: p, url: `/object/sign/${p}?token=t` })) });
  }),
);

beforeEach(() => {
  signed.length = 0;
  window.history.pushState({}, '', `/trakt/${FUNNEL_ID}`);
});

describe('/trakt/:id', () => {
  it("shows a sales page's picture through a public-media link, with the block's text", async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/public_funnel_step`, () =>
        HttpResponse.json(salesStep({ [MEDIA_ID]: { path: PATH, alt: 'Rørlegger ved vask' } })),
      ),
    );
    render(<FunnelPublicRoute />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Rørlegger ved vask' })).toHaveAttribute(
        'src',
        `${SUPABASE}/storage/v1/object/sign/${PATH}?token=t`,
      ),
    );
    expect(signed).toEqual([[PATH]]);
  });

  it("asks for no link the server did not give a path for, and keeps the picture's place named", async () => {
    server.use(
      http.post(`${SUPABASE}/rest/v1/rpc/public_funnel_step`, () => HttpResponse.json(salesStep({}))),
    );
    render(<FunnelPublicRoute />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tett rørene før frosten' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rørlegger ved vask' })).not.toHaveAttribute('src');
    expect(signed).toEqual([]);
  });
});
