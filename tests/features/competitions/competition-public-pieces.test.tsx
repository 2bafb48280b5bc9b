import { render, screen, within } from '@testing-library/react';
import { FillBar } from '@/features/competitions/components/public/fill-bar';
import { Leaderboard, type LeaderboardRow } from '@/features/competitions/components/public/leaderboard';
import { TeamAvatar } from '@/features/competitions/components/public/team-avatar';
import { competitionPathParts, competitionPaths } from '@/features/competitions/utils/competition-paths';
import { teamInitials } from '@/features/competitions/utils/team-initials';

const ID = 'cb000000-0000-4000-8000-000000000001';
const TEAM = 'cb000000-0000-4000-8000-0000000000d1';

describe('competitionPaths', () => {
  it('builds the group routes under /fyllopp on an ordinary host and at the root on the competition host', () => {
    const app = competitionPaths('marketplace');
    const host = competitionPaths('competition');
    expect(app.intro(ID)).toBe(`/fyllopp/${ID}`);
    expect(host.intro(ID)).toBe(`/${ID}`);
    expect(app.groups(ID)).toBe(`/fyllopp/${ID}/gruppe`);
    expect(host.team(ID, TEAM, 'abc123defg')).toBe(`/${ID}/gruppe/${TEAM}?invite=abc123defg`);
    expect(host.list).toBe('/list');
    expect(app.list).toBe('/fyllopp/list');
    expect(host.edit(ID)).toBe(`/${ID}/edit`);
    expect(host.countdown(ID)).toBe(`/fyllopp/countdown?id=${ID}`);
    expect(app.iframe(ID, 'bar')).toBe(`/fyllopp/iframe?id=${ID}&vis=bar`);
    expect(app.iframe(ID)).toBe(`/fyllopp/iframe?id=${ID}`);
  });

  it('carries ?lang=en along', () => {
    const paths = competitionPaths('marketplace', '?lang=en');
    expect(paths.groups(ID)).toBe(`/fyllopp/${ID}/gruppe?lang=en`);
    expect(paths.team(ID, TEAM, 'x1')).toBe(`/fyllopp/${ID}/gruppe/${TEAM}?invite=x1&lang=en`);
  });

  it('reads the competition and team of a path on either host, and nothing else', () => {
    expect(competitionPathParts(`/fyllopp/${ID}`)).toEqual({ id: ID, teamId: null, groups: false });
    expect(competitionPathParts(`/${ID}/gruppe`)).toEqual({ id: ID, teamId: null, groups: true });
    expect(competitionPathParts(`/${ID}/gruppe/${TEAM}`)).toEqual({ id: ID, teamId: TEAM, groups: true });
    expect(competitionPathParts('/fyllopp/f1')).toEqual({ id: 'f1', teamId: null, groups: false });
    expect(competitionPathParts('/auth')).toBeNull();
  });
});

describe('FillBar', () => {
  it('is a progressbar with its value in words and lists the milestones with whether each is reached', () => {
    render(
      <FillBar
        percent={50.3}
        label="Felles mål: 4 000 km"
        valueText="2 012 km av 4 000 km (50,3 %)"
        milestones={[
          { percent: 50, label: 'Gavekort', reached: true },
          { percent: 100, label: 'Sykkel', reached: false },
        ]}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Felles mål: 4 000 km' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '2 012 km av 4 000 km (50,3 %)');
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['50 %: Gavekort (nådd)', '100 %: Sykkel (ikke nådd ennå)']);
  });

  it('stops the bar at full while the words say how far past the goal it went', () => {
    render(<FillBar percent={130} label="Mål" valueText="130 %" size="small" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByRole('list')).toBeNull();
  });
});

const row = (overrides: Partial<LeaderboardRow>): LeaderboardRow => ({
  rank: 1,
  previous_rank: 1,
  team_id: TEAM,
  group_id: null,
  name: 'Tråkkerne',
  score: 512.5,
  total: 512.5,
  active_members: 4,
  members: 5,
  ...overrides,
});

describe('Leaderboard', () => {
  it('says each rank change in words and links each team', () => {
    render(
      <Leaderboard
        label="Topplagene"
        unit="km"
        scoring="total"
        teamHref={(teamId) => `/fyllopp/${ID}/gruppe/${teamId}`}
        rows={[
          row({ rank: 1, previous_rank: 3, team_id: 'a', name: 'Tråkkerne' }),
          row({ rank: 2, previous_rank: 1, team_id: 'b', name: 'Pedalpuserne', members: 1 }),
          row({ rank: 3, previous_rank: 3, team_id: 'c', name: 'Regnjakkene' }),
          row({ rank: 4, previous_rank: null, team_id: 'd', name: 'Sykkelsmedene' }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Topplagene' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. plass');
    expect(items[0]).toHaveTextContent('Opp 2 plasser siden i går');
    expect(items[0]).toHaveTextContent('512,5 km');
    expect(items[1]).toHaveTextContent('Ned 1 plass siden i går');
    expect(items[1]).toHaveTextContent('1 deltaker');
    expect(items[2]).toHaveTextContent('Samme plass som i går');
    expect(items[3]).toHaveTextContent('Ny på lista i dag');
    expect(screen.getByRole('link', { name: 'Tråkkerne' })).toHaveAttribute(
      'href',
      `/fyllopp/${ID}/gruppe/a`,
    );
  });

  it('says the score is an average when the competition scores so, and says an empty board plainly', () => {
    const { rerender } = render(
      <Leaderboard label="Liste" unit="km" scoring="average" rows={[row({ score: 12 })]} />,
    );
    expect(screen.getByText('12 km i snitt per aktive deltaker')).toBeInTheDocument();
    rerender(<Leaderboard label="Liste" unit="km" scoring="total" rows={[]} />);
    expect(screen.getByText('Ingen lag har registrert noe ennå.')).toBeInTheDocument();
  });
});

describe('TeamAvatar', () => {
  it('shows initials when the team has no photo', () => {
    expect(teamInitials('Rørlegger-rytterne')).toBe('RR');
    expect(teamInitials('tråkkerne')).toBe('T');
    render(<TeamAvatar name="Team Sør Vest" />);
    expect(screen.getByText('TS')).toHaveAttribute('aria-hidden', 'true');
  });
});
