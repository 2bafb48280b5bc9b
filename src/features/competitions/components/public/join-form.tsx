import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '@/components/public/field-error';
import { ParticipantFields } from '@/components/public/participant-fields';
import { RulesText } from '@/components/public/rules-text';
import { describedBy } from '@/lib/public/described-by';
import { type ParticipantValues, participantValues } from '@/lib/public/participant-values';
import { rememberDetails, rememberedDetails } from '@/lib/public/remembered-details';
import {
  createCompetitionTeam,
  joinCompetitionTeam,
  type PublicCompetition,
  type PublicTeamRow,
  registerCompetitionParticipant,
} from '../../api/public-competition';
import styles from './competition-public.module.css';
import { failureText, useCompetitionTexts } from './page-texts';

/**
 * What the form does: join one team (by id, or its invite code), «plasser meg» in a group, create a
 * team, or pre-register before the start (no team yet).
 */
export type JoinMode =
  | { kind: 'team'; teamId: string; teamName: string; groupId: string | null; inviteCode?: string | null }
  | { kind: 'place'; groupId: string; groupName: string }
  | { kind: 'create'; groupId: string | null }
  | { kind: 'register'; groupId?: undefined };

export type JoinDone =
  | { kind: 'joined' | 'requested' | 'created'; teamName: string; teamId: string | null }
  | { kind: 'registered' };

type FieldName = 'email' | 'phone' | 'consent' | 'teamName' | 'group';

/** Which field a refusal belongs beside; the rest go to the status line. */
const FIELD_OF_CODE: Record<string, FieldName> = {
  'participant-email-invalid': 'email',
  'participant-phone-invalid': 'phone',
  'participant-consent-required': 'consent',
  'competition-team-name-taken': 'teamName',
  'competition-team-invalid': 'teamName',
  'competition-group-not-found': 'group',
};

/** Refusals after which other teams of the group (or a new team) are the way on. */
const FULL_CODES = new Set(['competition-team-full', 'competition-no-open-team', 'competition-group-full']);

export type JoinFormProps = {
  competition: PublicCompetition;
  mode: JoinMode;
  /** The database's clock minus the visitor's: the time trap is judged by the database's clock. */
  offset: number;
  onDone: (done: JoinDone) => void;
  onCancel?: () => void;
  /** The competition's teams, read when a team turns out to be full, to offer those with room. */
  loadTeams: () => Promise<PublicTeamRow[]>;
  /** Opened by the visitor (not there on the page's load): the focus goes to its heading. */
  focusOnOpen?: boolean;
};

/**
 * Joining a competition: the participant fields every campaign's form has (e-mail, name, phone, the
 * consents as stored, reminders, honeypot, time trap), and for a new team its name, motto, group and
 * whether it is invite-only. A full team's refusal offers the group's teams with room and «Lag et nytt
 * lag» beside the catalogue's message; everything typed stays whatever the answer.
 */
export function JoinForm({
  competition,
  mode: initialMode,
  offset,
  onDone,
  onCancel,
  loadTeams,
  focusOnOpen = true,
}: JoinFormProps) {
  const { t } = useCompetitionTexts();
  const id = useId();
  const [mode, setMode] = useState<JoinMode>(initialMode);
  const [values, setValues] = useState<ParticipantValues>(() => participantValues(rememberedDetails()));
  const [team, setTeam] = useState({
    name: '',
    motto: '',
    groupId: initialMode.groupId ?? '',
    inviteOnly: false,
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [status, setStatus] = useState('');
  const [sending, setSending] = useState(false);
  const [alternatives, setAlternatives] = useState<PublicTeamRow[] | null>(null);
  const shownAt = useRef(new Date());
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const groups = competition.groups;

  useEffect(() => {
    shownAt.current = new Date();
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  const fieldId = (name: string) => `${id}-${name}`;
  const focusField = (name: FieldName) =>
    formRef.current?.querySelector<HTMLElement>(`[data-field="${name}"]`)?.focus();
  const setParticipant = <K extends keyof ParticipantValues>(key: K, value: ParticipantValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const check = (current: JoinMode): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (values.email.trim() === '') found.email = t('participant.emailRequired');
    if (!values.consent) found.consent = t('errors.participant-consent-required');
    if (current.kind === 'create') {
      if (team.name.trim() === '') found.teamName = t('join.teamNameRequired');
      if (groups.length > 0 && team.groupId === '') found.group = t('join.groupRequired');
    }
    return found;
  };

  const send = async (current: JoinMode): Promise<JoinDone> => {
    const at = new Date(shownAt.current.getTime() + offset);
    if (current.kind === 'register') {
      await registerCompetitionParticipant(competition.id, values, at);
      return { kind: 'registered' };
    }
    if (current.kind === 'create') {
      const created = await createCompetitionTeam(
        competition.id,
        { name: team.name, motto: team.motto, groupId: team.groupId || null, inviteOnly: team.inviteOnly },
        values,
        at,
      );
      return { kind: 'created', teamName: created.team_name, teamId: null };
    }
    const target =
      current.kind === 'place'
        ? { groupId: current.groupId }
        : current.inviteCode
          ? { inviteCode: current.inviteCode }
          : { teamId: current.teamId };
    const joined = await joinCompetitionTeam(competition.id, target, values, at);
    return { kind: joined.outcome, teamName: joined.team_name, teamId: joined.team_id };
  };

  const offerOthers = async (current: JoinMode) => {
    const groupId = current.kind === 'create' ? team.groupId || null : current.groupId;
    if (current.kind === 'register') return;
    const skip = current.kind === 'team' ? current.teamId : null;
    try {
      const teams = await loadTeams();
      setAlternatives(
        teams.filter(
          (row) =>
            row.group_id === groupId && row.free_places > 0 && !row.invite_only && row.team_id !== skip,
        ),
      );
    } catch {
      setAlternatives([]);
    }
  };

  const submit = async (current: JoinMode) => {
    if (sending) return;
    const found = check(current);
    setErrors(found);
    const first = Object.keys(found)[0] as FieldName | undefined;
    if (first) {
      setStatus(t('join.fixErrors'));
      focusField(first);
      return;
    }
    setStatus('');
    setSending(true);
    try {
      const done = await send(current);
      rememberDetails({ email: values.email, name: values.name, phone: values.phone });
      onDone(done);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const known = typeof code === 'string' ? code : 'unknown';
      const text = failureText(t, known);
      const field = FIELD_OF_CODE[known];
      if (field) {
        setErrors({ [field]: text });
        setStatus(t('join.fixErrors'));
        focusField(field);
      } else {
        setStatus(text);
        if (FULL_CODES.has(known)) await offerOthers(current);
      }
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(mode);
  };

  const joinInstead = (row: PublicTeamRow) => {
    const next: JoinMode = { kind: 'team', teamId: row.team_id, teamName: row.name, groupId: row.group_id };
    setMode(next);
    setAlternatives(null);
    void submit(next);
  };

  const createInstead = () => {
    const groupId = mode.kind === 'create' ? team.groupId : (mode.groupId ?? '');
    setMode({ kind: 'create', groupId: groupId || null });
    setTeam((current) => ({ ...current, groupId }));
    setAlternatives(null);
    setStatus('');
    // The new fields render first, then take the focus.
    requestAnimationFrame(() => focusField('teamName'));
  };

  const heading =
    mode.kind === 'team'
      ? t('join.heading', { team: mode.teamName })
      : mode.kind === 'place'
        ? t('join.placeHeading', { group: mode.groupName })
        : mode.kind === 'register'
          ? t('countdown.preRegister')
          : t('join.createHeading');
  const describe = (name: FieldName) => describedBy(fieldId(name), errors[name]);

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
      <h2 className={styles.heading} ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>

      {mode.kind === 'create' ? (
        <>
          <p className={styles.hint}>{t('join.captainNote')}</p>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={fieldId('teamName')}>
              {t('join.teamName')}
            </label>
            <input
              id={fieldId('teamName')}
              className={styles.input}
              value={team.name}
              maxLength={60}
              required
              onChange={(event) => setTeam((current) => ({ ...current, name: event.target.value }))}
              data-field="teamName"
              aria-invalid={errors.teamName ? true : undefined}
              aria-describedby={describe('teamName')}
            />
            <FieldError fieldId={fieldId('teamName')} text={errors.teamName} />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={fieldId('motto')}>
              {t('join.motto')}
            </label>
            <input
              id={fieldId('motto')}
              className={styles.input}
              value={team.motto}
              maxLength={200}
              onChange={(event) => setTeam((current) => ({ ...current, motto: event.target.value }))}
            />
          </div>
          {groups.length > 0 ? (
            <div className={styles.field}>
              <label className={styles.label} htmlFor={fieldId('group')}>
                {t('join.group')}
              </label>
              <select
                id={fieldId('group')}
                className={styles.input}
                value={team.groupId}
                onChange={(event) => setTeam((current) => ({ ...current, groupId: event.target.value }))}
                data-field="group"
                aria-invalid={errors.group ? true : undefined}
                aria-describedby={describe('group')}
              >
                <option value="" />
                {groups.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
              <FieldError fieldId={fieldId('group')} text={errors.group} />
            </div>
          ) : null}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={team.inviteOnly}
              onChange={(event) => setTeam((current) => ({ ...current, inviteOnly: event.target.checked }))}
            />
            <span>{t('join.inviteOnly')}</span>
          </label>
        </>
      ) : null}

      <ParticipantFields
        values={values}
        onChange={setParticipant}
        errors={errors}
        consentText={competition.consent_text ?? ''}
        marketingConsentText={competition.marketing_consent_text}
        remindersLabel={competition.reminders_enabled ? t('join.reminders') : null}
      >
        <RulesText text={competition.rules_text} />
      </ParticipantFields>

      <p role="status" className={status ? styles.error : styles.hint}>
        {status}
      </p>

      {alternatives ? (
        <div className={styles.alternatives}>
          <h3 className={styles.subheading}>{t('join.otherTeams')}</h3>
          {alternatives.length === 0 ? <p className={styles.hint}>{t('join.noOtherTeams')}</p> : null}
          <ul className={styles.plain}>
            {alternatives.map((row) => (
              <li key={row.team_id}>
                <button type="button" className={styles.secondary} onClick={() => joinInstead(row)}>
                  {t('join.chooseTeam', { team: row.name })}
                </button>{' '}
                <span className={styles.hint}>{t('groups.free', { count: row.free_places })}</span>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.secondary} onClick={createInstead}>
            {t('groups.createTeam')}
          </button>
        </div>
      ) : null}

      <div className={styles.actions}>
        <button type="submit" className={styles.button} aria-disabled={sending || undefined}>
          {sending
            ? t('join.sending')
            : mode.kind === 'create'
              ? t('join.submitCreate')
              : mode.kind === 'place'
                ? t('join.submitPlace')
                : mode.kind === 'register'
                  ? t('countdown.register')
                  : t('join.submit')}
        </button>
        {onCancel ? (
          <button type="button" className={styles.secondary} onClick={onCancel}>
            {t('join.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
