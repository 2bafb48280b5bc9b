/**
 * The competitions' («fyllopp») e-mails to participants (HTML + text), in Norwegian: the join
 * confirmation, the captain's notice, the weekly standings (with a one-click unsubscribe) and the
 * final results. They come from the organization that runs the competition, in its colour.
 */
import { type Block, type EmailContent, renderEmail, sentByOrganization } from '../_shared/email-layout.ts';
import { type CampaignSender, greeting, osloTime, senderOf } from './email.ts';

/** What every competition e-mail names. */
interface About {
  competitionName: string;
  sender: CampaignSender;
  /** The person's name, if they gave one. */
  name: string | null;
}

/** Where the person stands after registering (claim_competition_confirmations' outcome). */
export type JoinOutcome = 'joined' | 'captain' | 'requested' | 'registered';

export interface JoinConfirmationInput extends About {
  outcome: JoinOutcome;
  /** The team joined, made or asked for; null when pre-registered. */
  teamName: string | null;
  /** `<site>/fyllopp/participation?id=…&token=…` */
  participationLink: string;
  /** The team's page, or the competition's when pre-registered. */
  pageLink: string;
}

export interface CaptainNoticeInput extends About {
  teamName: string;
  teamMax: number;
  /** The join requests the captain has not been told of, oldest first. */
  requests: readonly { name: string; requestedAt: Date }[];
  becameFull: boolean;
  participationLink: string;
}

/** A team's figures as the public sees them (frozen ones while the board is frozen). */
export interface TeamFigures {
  unit: string;
  scoring: 'total' | 'average';
  rank: number;
  teams: number;
  teamTotal: number;
  teamScore: number;
  sharedTotal: number;
  sharedPercent: number;
  goal: number;
}

export interface StandingsInput extends About, TeamFigures {
  teamName: string;
  teamGoal: number | null;
  teamGoalPercent: number | null;
  frozen: boolean;
  /** The last day, `YYYY-MM-DD` (Oslo). */
  endsOn: string;
  participationLink: string;
  competitionLink: string;
  /** The participation page with `&unsubscribe=1`. */
  unsubscribeLink: string;
}

export interface ResultsInput extends About, TeamFigures {
  teamName: string;
  topTeams: readonly { rank: number; name: string; score: number }[];
  milestones: readonly { percent: number; label: string }[];
  participationLink: string;
  competitionLink: string;
}

const NUMBER = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 });
const DAY = new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', timeZone: 'Europe/Oslo' });
const DATE = new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** «1 234,5 km» */
export function amount(value: number, unit: string): string {
  return `${NUMBER.format(value)} ${unit}`;
}

/** «56,5 %» */
export function percent(value: number): string {
  return `${NUMBER.format(value)} %`;
}

/** A date of the competition (`YYYY-MM-DD`) as «30. juni». */
function dayOf(date: string): string {
  return DATE.format(new Date(`${date}T00:00:00Z`));
}

function score(figures: TeamFigures): string {
  return figures.scoring === 'average'
    ? `${amount(figures.teamScore, figures.unit)} per aktive deltaker`
    : amount(figures.teamScore, figures.unit);
}

function sharedBar(figures: TeamFigures): string {
  return `${amount(figures.sharedTotal, figures.unit)} av ${amount(figures.goal, figures.unit)} (${percent(figures.sharedPercent)})`;
}

const JOINED: Record<JoinOutcome, (team: string, competition: string, organization: string) => Block[]> = {
  joined: (team, competition, organization) => [
    ['Du er med på laget ', { strong: team }, ' i ', { strong: competition }, ` fra ${organization}.`],
    'På din egen side registrerer du fremgangen din og ser hvordan laget ligger an. Der kan du også forlate laget eller slette dataene dine.',
  ],
  captain: (team, competition, organization) => [
    [
      'Du har laget ',
      { strong: team },
      ' i ',
      { strong: competition },
      ` fra ${organization}, og du er lagkaptein.`,
    ],
    'Del invitasjonslenken fra siden din med dem du vil ha med. Der svarer du på forespørsler og registrerer fremgangen din.',
  ],
  requested: (team, competition, organization) => [
    [
      'Du har spurt om å bli med på laget ',
      { strong: team },
      ' i ',
      { strong: competition },
      ` fra ${organization}.`,
    ],
    'Lagkapteinen avgjør forespørselen. På siden din ser du når du er med.',
  ],
  registered: (_team, competition, organization) => [
    ['Du er forhåndspåmeldt til ', { strong: competition }, ` fra ${organization}.`],
    'Når påmeldingen til lagene åpner, blir du med på et lag eller lager ditt eget fra siden til fylloppet.',
  ],
};

const JOINED_PREHEADER: Record<JoinOutcome, string> = {
  joined: 'Her er lenken til din egen side, der du registrerer fremgangen din.',
  captain: 'Inviter laget ditt og registrer fremgangen fra din egen side.',
  requested: 'Lagkapteinen avgjør forespørselen din. Her er lenken til din egen side.',
  registered: 'Vi sier fra når fylloppet starter. Her er lenken til din egen side.',
};

export function joinConfirmationEmail(input: JoinConfirmationInput): EmailContent {
  const organization = input.sender.organizationName;
  const subject = `Du er med i ${input.competitionName}`;
  return renderEmail({
    subject,
    preheader: JOINED_PREHEADER[input.outcome],
    sender: senderOf(input.sender),
    heading: subject,
    body: [
      greeting(input.name),
      ...JOINED[input.outcome](input.teamName ?? '', input.competitionName, organization),
    ],
    button: { label: 'Se deltakelsen din', href: input.participationLink },
    after: [
      [input.teamName ? 'Til laget: ' : 'Til fylloppet: ', { href: input.pageLink }],
      'Lenken til siden din er personlig. Ikke del den med andre.',
    ],
    why: `Du får denne e-posten fordi e-postadressen din ble meldt på ${input.competitionName} fra ${organization}. Var det ikke deg, kan du slette dataene på siden din.`,
    signature: sentByOrganization(organization),
  });
}

function captainSubject(input: CaptainNoticeInput): string {
  const [first] = input.requests;
  if (!first) return `Laget ${input.teamName} er fullt`;
  const who = input.requests.length === 1 ? first.name || 'En person' : `${input.requests.length} personer`;
  return `${who} vil bli med på ${input.teamName}`;
}

export function captainNoticeEmail(input: CaptainNoticeInput): EmailContent {
  const organization = input.sender.organizationName;
  const body: Block[] = [greeting(input.name)];
  if (input.requests.length > 0) {
    body.push(['Disse har spurt om å bli med på laget ditt, ', { strong: input.teamName }, ':'], {
      rows: input.requests.map((request) => [
        request.name || 'Uten navn',
        `spurte ${DAY.format(request.requestedAt)} kl. ${osloTime(request.requestedAt)}`,
      ]),
    });
  }
  if (input.becameFull) {
    body.push(
      ['Laget ', { strong: input.teamName }, ` er fullt: alle ${input.teamMax} plassene er tatt.`],
      'Nye kan ikke bli med før noen forlater laget.',
    );
  } else if (input.requests.length > 0) {
    body.push('Godta eller avslå på siden din.');
  }
  const button =
    input.requests.length === 0
      ? 'Se laget ditt'
      : input.requests.length === 1
        ? 'Svar på forespørselen'
        : 'Svar på forespørslene';
  return renderEmail({
    subject: captainSubject(input),
    preheader: `Lagkaptein for ${input.teamName} i ${input.competitionName}.`,
    sender: senderOf(input.sender),
    heading: captainSubject(input),
    body,
    button: { label: button, href: input.participationLink },
    after: ['Lenken til siden din er personlig. Ikke del den med andre.'],
    why: `Du får denne e-posten fordi du er lagkaptein for ${input.teamName} i ${input.competitionName} fra ${organization}.`,
    signature: sentByOrganization(organization),
  });
}

export function standingsEmail(input: StandingsInput): EmailContent {
  const organization = input.sender.organizationName;
  const team =
    input.teamGoal === null || input.teamGoalPercent === null
      ? amount(input.teamTotal, input.unit)
      : `${amount(input.teamTotal, input.unit)} av ${amount(input.teamGoal, input.unit)} (${percent(input.teamGoalPercent)})`;
  const rows: [string, string][] = [['Lagets fremgang', team]];
  if (input.scoring === 'average') rows.push(['Lagets poeng', score(input)]);
  rows.push(['Fellesmålet', sharedBar(input)], ['Siste dag', dayOf(input.endsOn)]);
  const body: Block[] = [
    greeting(input.name),
    ['Laget ditt, ', { strong: input.teamName }, `, ligger på ${input.rank}. plass av ${input.teams}.`],
    { rows },
  ];
  if (input.frozen) {
    body.push(
      'Resultatlista er frosset før innspurten. Tallene er slik de var da den ble frosset, og alt vises når fylloppet er over.',
    );
  }
  return renderEmail({
    subject: `Ukens stilling i ${input.competitionName}: ${input.teamName} er nr. ${input.rank}`,
    preheader: `${input.teamName} er nr. ${input.rank} av ${input.teams}. Fellesmålet: ${percent(input.sharedPercent)}.`,
    sender: senderOf(input.sender),
    heading: `Ukens stilling i ${input.competitionName}`,
    body,
    button: { label: 'Registrer fremgang', href: input.participationLink },
    after: [['Se resultatlista: ', { href: input.competitionLink }]],
    why: `Du får ukens stilling fordi du ba om påminnelser da du ble med i ${input.competitionName} fra ${organization}.`,
    links: [{ label: 'Meld deg av med ett klikk', href: input.unsubscribeLink }],
    signature: sentByOrganization(organization),
  });
}

export function resultsEmail(input: ResultsInput): EmailContent {
  const organization = input.sender.organizationName;
  const body: Block[] = [
    greeting(input.name),
    [
      'Takk for innsatsen! Laget ditt, ',
      { strong: input.teamName },
      `, endte på ${input.rank}. plass av ${input.teams} med ${score(input)}.`,
    ],
    `Sammen kom alle lagene til ${sharedBar(input)}.`,
  ];
  if (input.milestones.length > 0) {
    body.push('Milepæler dere nådde sammen:', {
      rows: input.milestones.map((milestone) => [percent(milestone.percent), milestone.label]),
    });
  }
  if (input.topTeams.length > 0) {
    body.push('Resultatlista:', {
      rows: input.topTeams.map((team) => [`${team.rank}. ${team.name}`, amount(team.score, input.unit)]),
    });
  }
  return renderEmail({
    subject: `Resultatet fra ${input.competitionName}: ${input.teamName} ble nr. ${input.rank}`,
    preheader: `${input.teamName} ble nr. ${input.rank} av ${input.teams}. Fellesmålet: ${percent(input.sharedPercent)}.`,
    sender: senderOf(input.sender),
    heading: `${input.competitionName} er over`,
    body,
    button: { label: 'Se resultatlista', href: input.competitionLink },
    after: [
      [
        { href: input.participationLink, label: 'Din egen side' },
        ' har dataene dine: der kan du laste dem ned eller slette dem.',
      ],
      'Lenken til siden din er personlig. Ikke del den med andre.',
    ],
    why: `Du får denne e-posten fordi du var med på et lag i ${input.competitionName} fra ${organization}.`,
    signature: sentByOrganization(organization),
  });
}
