import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ParticipationDeleted, ParticipationView } from '@/components/public/participation-view';
import { rememberDetails, rememberedDetails } from '@/lib/public/remembered-details';
import { useParticipation } from '@/lib/public/use-participation';
import {
  OTHER_CAMPAIGN,
  PARTICIPATION_CAMPAIGN,
  participationCampaign,
  personParticipation,
} from '../../factories/participation';
import { newParticipationState, participationHandlers } from '../../msw/handlers/participation';
import { setupMswServer } from '../../msw/server';
import { SUPABASE } from '../../support/session';

let state = newParticipationState();
const server = setupMswServer(...participationHandlers(() => state));
beforeEach(() => {
  state = newParticipationState();
});

/** The view as a page composes it: the person by token, the actions, the page after deletion. */
function Page() {
  const person = useParticipation('abc');
  if (person.deleted) return <ParticipationDeleted organization={person.deleted.organization} />;
  if (person.state.status !== 'ready') return <p>…</p>;
  return (
    <ParticipationView
      participation={person.state.data}
      notice={person.notice}
      noticeRef={person.noticeRef}
      onWithdrawMarketing={person.withdrawMarketing}
      onWithdrawReminders={person.withdrawReminders}
      onDelete={person.deleteAll}
    />
  );
}

const campaign = (name: string) => screen.getByRole('article', { name });

/** Catches the Blob downloads make, and the file names their links carry. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: vi.fn((made: Blob) => {
      blob = made;
      return 'blob:participation';
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (blob) files.push({ name: this.download, blob });
  });
  return files;
}

/** The text of a Blob, byte-order mark included (FileReader: jsdom's Blob has no text()). */
const read = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });

describe('ParticipationView', () => {
  it('shows everything the organization holds: details, lead, every campaign with entries and exact consents', async () => {
    render(<Page />);
    expect(
      await screen.findByRole('heading', { name: 'Dine opplysninger hos Rørlegger Hansen AS' }),
    ).toBeInTheDocument();
    expect(screen.getByText('kari@example.no')).toBeInTheDocument();
    expect(screen.getByText('Ikke oppgitt')).toBeInTheDocument();
    expect(screen.getByText('en kalender')).toBeInTheDocument();

    const christmas = campaign('Julekalender 2026');
    expect(within(christmas).getByText('Kalender')).toBeInTheDocument();
    // Oslo time, whatever the machine's zone: 09:00Z is 10:00 in December.
    expect(within(christmas).getAllByText('onsdag 2. desember 2026 kl. 10:00')).not.toHaveLength(0);
    expect(within(christmas).getByText('Luke 2').closest('li')).toHaveTextContent('Svar: PEX – Riktig');
    const consents = within(christmas)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(consents).toContain(
      'Å delta: «Jeg godtar reglene; svaret lagres.» (Gitt onsdag 2. desember 2026 kl. 10:00)',
    );
    expect(consents).toContain(
      'Markedsføring: «Ja takk, send meg tilbud på e-post.» (Gitt onsdag 2. desember 2026 kl. 10:00)',
    );
    const easter = campaign('Påskekalender');
    expect(within(easter).getByText('Ingen svar ennå.')).toBeInTheDocument();
    expect(within(easter).getByText(/Jeg godtar påskereglene\./)).toBeInTheDocument();
  });

  it('shows a form response by its questions and a progress entry by its amount, date and note', async () => {
    state = newParticipationState({
      person: personParticipation({
        campaigns: [
          participationCampaign({
            campaign_id: OTHER_CAMPAIGN,
            kind: 'form',
            name: 'Tilbudsforespørsel',
            entries: [
              {
                item: null,
                answer: null,
                is_correct: null,
                form_answers: { Navn: 'Ada', 'Hva gjelder det?': { choices: ['Bad'], other: 'Varmepumpe' } },
                created_at: '2026-12-03T09:00:00Z',
              },
            ],
          }),
          participationCampaign({
            kind: 'competition',
            name: 'Sykle til jobben',
            entries: [
              {
                item: null,
                answer: '12,5 km',
                is_correct: null,
                form_answers: { on_date: '2026-12-02', note: 'Til jobben' },
                created_at: '2026-12-02T09:00:00Z',
              },
            ],
          }),
        ],
      }),
    });
    render(<Page />);
    const form = await screen.findByRole('article', { name: 'Tilbudsforespørsel' });
    expect(within(form).getByText(/Navn: Ada, Hva gjelder det\?: Bad, Varmepumpe/)).toBeInTheDocument();
    const competition = campaign('Sykle til jobben');
    expect(
      within(competition).getByText(/Svar: 12,5 km – Dato: 2026-12-02, Notat: Til jobben/),
    ).toBeInTheDocument();
  });

  it('downloads the same data as JSON and as a CSV with one row per consent and entry', async () => {
    const files = catchDownloads();
    render(<Page />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Last ned som JSON' }));
    await waitFor(() => expect(files).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Last ned som CSV' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(files.map((file) => file.name)).toEqual([
      expect.stringMatching(/^mine-opplysninger-\d{4}-\d\d-\d\d\.json$/),
      expect.stringMatching(/^mine-opplysninger-\d{4}-\d\d-\d\d\.csv$/),
    ]);
    expect(files[0]!.blob.type).toBe('application/json;charset=utf-8');
    expect(JSON.parse(await read(files[0]!.blob))).toEqual(personParticipation());

    const lines = (await read(files[1]!.blob)).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFOrganisasjon;E-post;Navn;Telefon;Rad;Kampanje;Type;Med siden;Formål;Samtykketekst;Gitt;' +
        'Trukket tilbake;Del;Svar;Riktig;Skjemasvar;Sendt;Tjeneste;Hos;Start;Slutt;Status;Betalt (kr);Flyttet;Avbestilt',
    );
    // A booking's own columns (tests/features/booking/booking-participation.test.tsx) stay empty here.
    const none = ';;;;;;;;';
    const person = 'Rørlegger Hansen AS;kari@example.no;Kari Nordmann;';
    expect(lines.slice(1, -1)).toEqual([
      `${person};Samtykke;Julekalender 2026;Kalender;2026-12-02 10:00;Å delta;"Jeg godtar reglene; svaret lagres.";2026-12-02 10:00;;;;;;${none}`,
      `${person};Samtykke;Julekalender 2026;Kalender;2026-12-02 10:00;Markedsføring;"Ja takk, send meg tilbud på e-post.";2026-12-02 10:00;;;;;;${none}`,
      `${person};Svar;Julekalender 2026;Kalender;2026-12-02 10:00;;;;;Luke 2;PEX;Ja;size: L;2026-12-02 10:00${none}`,
      `${person};Samtykke;Påskekalender;Kalender;2026-03-30 10:00;Å delta;Jeg godtar påskereglene.;2026-03-30 10:00;;;;;;${none}`,
    ]);
    expect(lines.at(-1)).toBe('');
  });

  it('withdraws marketing for the whole organization, says so with focus, and shows what the server now holds', async () => {
    render(<Page />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Trekk tilbake samtykket til markedsføring' }),
    );
    const notice = await screen.findByText(/Samtykket til markedsføring er trukket tilbake/);
    expect(notice).toHaveAttribute('role', 'status');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(state.calls.find((c) => c.name === 'withdraw_consent')?.body).toEqual({
      input_token: 'abc',
      input_purpose: 'marketing',
      input_campaign_id: null,
    });
    // Read again from the server: withdrawn on the lead, the consent marked, every reminder off.
    expect(await screen.findByText(/Du trakk tilbake samtykket til markedsføring/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Trekk tilbake/ })).not.toBeInTheDocument();
    expect(
      within(campaign('Julekalender 2026')).getByText(/trukket tilbake søndag 6\. desember/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Slå av påminnelser/ })).not.toBeInTheDocument();
    expect(state.calls.filter((c) => c.name === 'participation')).toHaveLength(2);
  });

  it('turns off one campaign’s reminders and leaves the other’s', async () => {
    render(<Page />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Slå av påminnelser fra Påskekalender' }));
    const notice = await screen.findByText('Du får ikke flere påminnelser fra Påskekalender.');
    await waitFor(() => expect(notice).toHaveFocus());
    expect(state.calls.find((c) => c.name === 'withdraw_consent')?.body).toEqual({
      input_token: 'abc',
      input_purpose: 'reminders',
      input_campaign_id: OTHER_CAMPAIGN,
    });
    await waitFor(() =>
      expect(
        within(campaign('Påskekalender')).queryByRole('button', { name: /Slå av påminnelser/ }),
      ).not.toBeInTheDocument(),
    );
    expect(within(campaign('Påskekalender')).getByText('Av')).toBeInTheDocument();
    expect(
      within(campaign('Julekalender 2026')).getByRole('button', {
        name: 'Slå av påminnelser fra Julekalender 2026',
      }),
    ).toBeInTheDocument();
    expect(
      state.person?.campaigns.find((c) => c.campaign_id === PARTICIPATION_CAMPAIGN)?.reminders_opt_in,
    ).toBe(true);
  });

  it('says a failed withdrawal as an alert and changes nothing', async () => {
    server.use(http.post(`${SUPABASE}/rest/v1/rpc/withdraw_consent`, () => HttpResponse.error()));
    render(<Page />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Trekk tilbake samtykket til markedsføring' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fikk ikke kontakt med serveren');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Trekk tilbake samtykket til markedsføring' })).toBeEnabled();
  });

  it('deletes everything after a confirmation that starts on its safe answer, and forgets the details here', async () => {
    rememberDetails({ email: 'kari@example.no', name: 'Kari Nordmann' });
    render(<Page />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Slett mine opplysninger' }));
    expect(screen.getByText(/Vil du slette alt Rørlegger Hansen AS har om deg/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Avbryt' })).toHaveFocus();
    expect(state.calls.some((c) => c.name === 'delete_participant')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Ja, slett alt' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Opplysningene dine er slettet' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(/hos Rørlegger Hansen AS er borte/);
    expect(state.calls.find((c) => c.name === 'delete_participant')?.body).toEqual({ input_token: 'abc' });
    expect(state.person).toBeNull();
    expect(rememberedDetails()).toEqual({});
  });
});
