import { render, screen, waitFor } from '@testing-library/react';
import FormParticipationPage from '@/features/forms/routes/form-participation';
import { participationCampaign, personParticipation } from '../../factories/participation';
import { newParticipationState, participationHandlers } from '../../msw/handlers/participation';
import { setupMswServer } from '../../msw/server';

const FORM = 'cf000000-0000-4000-8000-000000000001';
const server = setupMswServer();

const visit = (query: string) => {
  window.history.pushState({}, '', `/skjema/participation${query}`);
  render(<FormParticipationPage />);
};

describe('/skjema/participation', () => {
  beforeEach(() => {
    const person = newParticipationState({
      person: personParticipation({
        campaigns: [
          participationCampaign({
            campaign_id: FORM,
            kind: 'form',
            name: 'Kontakt oss',
            reminders_opt_in: false,
            entries: [
              {
                item: null,
                answer: null,
                is_correct: null,
                form_answers: { 'Hva gjelder det?': 'Service og reparasjon' },
                created_at: '2026-11-20T09:00:00Z',
              },
            ],
          }),
        ],
      }),
    });
    server.use(...participationHandlers(() => person));
  });

  it('shows the response under the form’s name, with a way back to the form and its own title', async () => {
    visit(`?id=${FORM}&token=abc`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kontakt oss: dine svar' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kontakt oss – dine svar'));
    expect(screen.getByRole('link', { name: 'Til skjemaet' })).toHaveAttribute('href', `/skjema/${FORM}`);
    expect(screen.getByText(/Hva gjelder det\?: Service og reparasjon/)).toBeInTheDocument();
  });

  it('names a link without its key, and a wrong one, with a heading and a title', async () => {
    visit(`?id=${FORM}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ugyldig lenke' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Lenken mangler nøkkelen');
    await waitFor(() => expect(document.title).toBe('Ugyldig lenke'));
  });

  it('says an old or wrong link is not valid', async () => {
    visit(`?id=${FORM}&token=wrong`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken er ugyldig eller utløpt');
    await waitFor(() => expect(document.title).toBe('Ugyldig lenke'));
  });
});
