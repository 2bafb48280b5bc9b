import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from '@playwright/test';
import { embedSnippet } from '../src/lib/public/embed-snippet';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/a11y';
import { admin, ANON_KEY, check, createOrganization, createUser, localClient, write } from './support/admin';
import { osloDay, participantIdOf } from './support/calendars';
import { APP_URL, COMPETITION_URL } from './support/hosts';
import { tabTo } from './support/keyboard';
import { textsOffPanels } from './support/public-pages';

/*
 * The competitions' public pages on the lean public entry (docs/competitions.md, «Offentlige sider»):
 * three visitors join one team of three through its invite link, the fourth meets the Norwegian
 * `competition-team-full` message and joins another team; progress logged with a participant's
 * token moves the team's bar and the shared bar; the iframe on a customer's plain page shows the
 * leaderboard; the same join works on the competition host; axe finds nothing on any page at a
 * phone's and a laptop's width. Each test makes its own organization and competition.
 */

const CONSENT = 'Jeg godtar reglene for fylloppet og at Testbedriften lagrer navnet og e-posten min.';
const TEAM_FULL = 'Gruppen er full. Prøv en annen gruppe, eller lag en ny.';

type TestCompetition = {
  id: string;
  organizationId: string;
  groupId: string;
  teams: { id: string; name: string; invite_code: string }[];
};

/**
 * A published competition as its organizer makes it (create_competition as a member, then the
 * editor's updates): 100 km together, 30 km a team, teams of at most 3, a milestone at 10 %, one
 * group with two teams.
 */
async function createCompetition(label: string, startsIn = -2): Promise<TestCompetition> {
  const owner = await createUser(`fyllopp-${label}`, 'Ola Arrangør');
  const organizationId = await createOrganization(owner.id, `Testbedriften ${owner.suffix} AS`);
  const { data: session } = await localClient(ANON_KEY).auth.signInWithPassword({
    email: owner.email,
    password: 'Demo-passord-1!',
  });
  const organizer = localClient(ANON_KEY, session.session?.access_token);
  const id = await check(
    organizer.rpc('create_competition', {
      input_organization_id: organizationId,
      input_name: `Gå til jobben ${owner.suffix}`,
      input_starts_on: osloDay(startsIn),
      input_ends_on: osloDay(startsIn + 20),
      input_unit: 'km',
      input_goal: 100,
      input_scoring: 'total',
      input_team_max: 3,
    }),
  );
  await write(
    organizer
      .from('competitions')
      .update({ team_goal: 30, team_min: 1, milestones: [{ percent: 10, label: 'Kake til alle' }] })
      .eq('id', id),
  );
  const group = await check(
    organizer
      .from('competitions_groups')
      .insert({ competition_id: id, organization_id: organizationId, name: 'Lageret', position: 1 })
      .select('id')
      .single(),
  );
  const teams = await check(
    organizer
      .from('competitions_teams')
      .insert(
        ['Lynet', 'Tordenen'].map((name) => ({
          competition_id: id,
          organization_id: organizationId,
          group_id: group.id,
          name,
        })),
      )
      .select('id, name, invite_code')
      .order('name'),
  );
  await write(
    organizer
      .from('campaigns')
      .update({
        consent_text: CONSENT,
        rules_text: 'Registrer bare det du har gått.',
        published_at: new Date().toISOString(),
      })
      .eq('id', id),
  );
  return { id, organizationId, groupId: group.id, teams };
}

/** Fills in a visitor's part of the join form and waits out its 3-second time trap. */
async function fillJoinForm(scope: Page | FrameLocator, email: string, name: string) {
  await scope.getByRole('textbox', { name: 'E-post' }).fill(email);
  await scope.getByLabel('Navn (valgfritt)').fill(name);
  await scope.getByRole('checkbox', { name: CONSENT }).check();
}

const waitOutTimeTrap = (page: Page) => page.waitForTimeout(3_100);

test('three visitors fill a team through its invite link, the fourth joins another, and progress moves the bars', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const competition = await createCompetition('cap');
  const lynet = competition.teams.find((team) => team.name === 'Lynet')!;
  const tordenen = competition.teams.find((team) => team.name === 'Tordenen')!;
  const invite = `/fyllopp/${competition.id}/gruppe/${lynet.id}?invite=${lynet.invite_code}`;
  const emails = [1, 2, 3, 4].map((n) => `besok${n}.${competition.id.slice(0, 8)}@example.no`);

  for (const [index, email] of emails.slice(0, 3).entries()) {
    await page.goto(invite);
    await expect(
      page.getByRole('heading', { name: 'Du er invitert til Lynet. Fyll inn skjemaet for å bli med.' }),
    ).toBeVisible();
    await fillJoinForm(page, email, `Besøker ${index + 1}`);
    await waitOutTimeTrap(page);
    await page.getByRole('button', { name: 'Bli med', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Du er med på Lynet!' })).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Sjekk e-posten din' })).toBeVisible();
  }

  // The fourth: the team is full. The catalogue's message, the teams with room, nothing typed lost.
  await page.goto(invite);
  await fillJoinForm(page, emails[3], 'Besøker 4');
  await waitOutTimeTrap(page);
  await page.getByRole('button', { name: 'Bli med', exact: true }).click();
  await expect(page.getByText(TEAM_FULL)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-post' })).toHaveValue(emails[3]);
  await expect(page.getByRole('button', { name: 'Lag et nytt lag', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Bli med på Tordenen i stedet' }).click();
  await expect(page.getByRole('heading', { name: 'Du er med på Tordenen!' })).toBeVisible();

  const members = await check(
    admin.from('competitions_members').select('team_id, status').eq('competition_id', competition.id),
  );
  expect(members.filter((member) => member.team_id === lynet.id && member.status === 'active')).toHaveLength(
    3,
  );
  expect(members.filter((member) => member.team_id === tordenen.id)).toHaveLength(1);

  // The first visitor logs 12 km with the token of their e-mail's link.
  const participantId = await participantIdOf(competition.organizationId, emails[0]);
  const token = await check(
    admin.rpc('issue_participant_token', {
      input_participant_id: participantId,
      input_campaign_id: competition.id,
    }),
  );
  await write(
    localClient(ANON_KEY).rpc('log_competition_progress', {
      input_token: token,
      input_competition_id: competition.id,
      input_amount: 12,
      input_on_date: osloDay(0),
    }),
  );

  await page.goto(`/fyllopp/${competition.id}/gruppe/${lynet.id}`);
  await expect(page.getByRole('progressbar', { name: 'Lagets mål: 30 km' })).toHaveAttribute(
    'aria-valuetext',
    '12 km av 30 km (40 %)',
  );
  await expect(page.getByText(/^Besøker .*registrerte 12 km$/)).toBeVisible();

  await page.goto(`/fyllopp/${competition.id}`);
  await expect(page.getByRole('progressbar', { name: 'Felles mål: 100 km' })).toHaveAttribute(
    'aria-valuetext',
    '12 km av 100 km (12 %)',
  );
  await expect(page.getByText('10 %: Kake til alle (nådd)')).toBeVisible();
  await expect(page.getByText('Milepæl nådd: 10 % – Kake til alle!')).toBeVisible();
  const top = page.getByRole('list', { name: 'Topplagene' });
  await expect(top.getByRole('listitem').first()).toContainText('Lynet');
  await expect(top.getByRole('listitem').first()).toContainText('12 km');
});

test('the iframe on a customer’s plain page shows the leaderboard and sizes itself', async ({ page }) => {
  test.setTimeout(60_000);
  const competition = await createCompetition('iframe');
  const path = `/fyllopp/iframe?id=${competition.id}`;
  // The customer's own site on another origin, served from a plain local server.
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Testbedriften</title></head><body>
<h1>Testbedriften</h1>
${embedSnippet({ origin: APP_URL, path, dataAttribute: 'data-leadtorget-competition', title: 'Fyllopp' })}
</body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    const frame = page.frameLocator('iframe[data-leadtorget-competition]');
    const board = frame.getByRole('list', { name: /resultatliste$/ });
    await expect(board.getByRole('listitem')).toHaveCount(2);
    await expect(board).toContainText('Lynet');
    await expect(board).toContainText('Tordenen');
    await expect(frame.getByRole('link', { name: 'Åpne fylloppet' })).toHaveAttribute('target', '_blank');
    const frameHeight = () =>
      page.locator('iframe[data-leadtorget-competition]').evaluate((element) => element.clientHeight);
    await expect.poll(frameHeight).toBeGreaterThan(300);
  } finally {
    site.close();
  }
});

test('on the competition host a visitor is placed in a group, and every link stays at the root', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const competition = await createCompetition('host');
  await page.goto(`${COMPETITION_URL}/${competition.id}`);
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'fyllopp-intro');
  await page.getByRole('link', { name: 'Bli med på et lag' }).click();
  await expect(page).toHaveURL(`${COMPETITION_URL}/${competition.id}/gruppe`);
  await expect(page.getByRole('link', { name: 'Lynet' })).toHaveAttribute(
    'href',
    `/${competition.id}/gruppe/${competition.teams[0].id}`,
  );
  await page.getByRole('button', { name: 'Plasser meg i Lageret' }).click();
  await fillJoinForm(page, `vert.${competition.id.slice(0, 8)}@example.no`, 'Vera Vert');
  await waitOutTimeTrap(page);
  await page.getByRole('button', { name: 'Plasser meg', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Du er med på (Lynet|Tordenen)!$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Tilbake til fylloppet' }).click();
  await expect(page).toHaveURL(new RegExp(`^${COMPETITION_URL}/${competition.id}/gruppe/`));
  await expect(page.locator('#root')).toHaveAttribute('data-route-name', 'fyllopp-group');
});

test('creating a team works with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  const competition = await createCompetition('keyboard');
  await page.goto(`/fyllopp/${competition.id}/gruppe`);
  await tabTo(page, page.getByRole('button', { name: 'Lag et nytt lag i Lageret' }));
  await page.keyboard.press('Enter');
  // The form opens where it was asked for, its heading focused; Tab goes on into its fields.
  await expect(page.getByRole('heading', { name: 'Lag et nytt lag' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Lagnavn' })).toBeFocused();
  await page.keyboard.type('Tastaturtrollene');
  await tabTo(page, page.getByRole('textbox', { name: 'E-post' }));
  await page.keyboard.type(`taster.${competition.id.slice(0, 8)}@example.no`);
  await tabTo(page, page.getByRole('checkbox', { name: CONSENT }));
  await page.keyboard.press('Space');
  await waitOutTimeTrap(page);
  await tabTo(page, page.getByRole('button', { name: 'Lag laget' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Laget Tastaturtrollene er laget!' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Tastaturtrollene' })).toBeVisible();
});

test('axe finds nothing on the intro, the teams, a team, the invite form, the countdown and the iframe', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const competition = await createCompetition('axe');
  const upcoming = await createCompetition('axe-upcoming', 5);
  const team = competition.teams[0];
  const pages = [
    `/fyllopp/${competition.id}`,
    `/fyllopp/${competition.id}/gruppe`,
    `/fyllopp/${competition.id}/gruppe/${team.id}`,
    `/fyllopp/${competition.id}/gruppe/${team.id}?invite=${team.invite_code}`,
    `/fyllopp/countdown?id=${upcoming.id}`,
    `/fyllopp/${upcoming.id}`,
    `/fyllopp/iframe?id=${competition.id}`,
    `/fyllopp/iframe?id=${competition.id}&vis=join`,
  ];
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const url of pages) {
      await test.step(`${url} at ${width} px`, async () => {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Laster fylloppet …')).toHaveCount(0);
        if (url.includes('vis=join'))
          await page.getByRole('button', { name: 'Plasser meg i Lageret' }).click();
        if (url.includes('invite=') || url.includes('vis=join') || url.includes('countdown'))
          await expect(page.getByRole('textbox', { name: 'E-post' })).toBeVisible();
        await expectNoAxeViolations(page);
        expect(await textsOffPanels(page)).toEqual([]);
      });
    }
  }
  // The groups page's form, opened and refused, is checked too.
  await page.goto(`/fyllopp/${competition.id}/gruppe`);
  await page.getByRole('button', { name: 'Lag et nytt lag i Lageret' }).click();
  await page.getByRole('button', { name: 'Lag laget' }).click();
  await expect(page.getByText('Gi laget et navn.')).toBeVisible();
  await expectNoAxeViolations(page);
});
