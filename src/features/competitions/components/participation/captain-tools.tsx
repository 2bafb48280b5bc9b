import { useId, useState } from 'react';
import ui from '@/components/public/public-ui.module.css';
import { osloDate, osloTime } from '@/lib/public/oslo-time';
import type { CompetitionParticipation, MemberAction, TeamSettings } from '../../api/participation-api';
import { useCaptainTexts } from './captain-texts';
import { ConfirmButton } from './confirm-button';

type Team = NonNullable<CompetitionParticipation['team']>;

type CaptainToolsProps = {
  team: Team;
  /** The captain's own membership: not offered for removal or hand-over. */
  ownMemberId: string;
  /** The team's invite link with the current code. */
  inviteUrl: string | null;
  /** Each with what to say once done. */
  onMember: (memberId: string, action: MemberAction, done: string) => Promise<void>;
  onSettings: (settings: TeamSettings, done: string) => Promise<void>;
  onRenew: (done: string) => Promise<void>;
};

/**
 * What a captain does from their page: decide join requests, remove a member or hand the captaincy
 * over (each asked first), open or close the team to anyone, and share or renew the invite link.
 */
export function CaptainTools({
  team,
  ownMemberId,
  inviteUrl,
  onMember,
  onSettings,
  onRenew,
}: CaptainToolsProps) {
  const { t, language } = useCaptainTexts();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [inviteOnly, setInviteOnly] = useState(team.invite_only);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // The page's status line says what was refused.
    } finally {
      setBusy(false);
    }
  };
  const DONE = {
    approve: 'me.captain.approved',
    decline: 'me.captain.declined',
    remove: 'me.captain.removed',
    captain: 'me.captain.handedOver',
  } as const;
  const act = (memberId: string, name: string, action: MemberAction) =>
    run(() => onMember(memberId, action, t(DONE[action], { name })));
  const others = team.members.filter((member) => member.member_id !== ownMemberId);
  const copy = async () => {
    if (!inviteUrl) return;
    try {
      await navigator.clipboard.writeText(inviteUrl);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section className={ui.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={ui.heading}>
        {t('me.captain.heading')}
      </h2>

      <h3 className={ui.subheading}>{t('me.captain.requests')}</h3>
      {team.requests.length === 0 ? <p>{t('me.captain.noRequests')}</p> : null}
      <ul className={ui.plain}>
        {team.requests.map((request) => (
          <li key={request.member_id} className={ui.spaced}>
            <p>
              <strong>{request.name}</strong>{' '}
              {t('me.captain.requested', {
                when: t('when', {
                  date: osloDate(request.requested_at, language),
                  time: osloTime(request.requested_at, language),
                }),
              })}
            </p>
            <div className={ui.actions}>
              <button
                type="button"
                className={ui.button}
                disabled={busy}
                onClick={() => void act(request.member_id, request.name, 'approve')}
              >
                {t('me.captain.approve', { name: request.name })}
              </button>
              <button
                type="button"
                className={`${ui.button} ${ui.secondary}`}
                disabled={busy}
                onClick={() => void act(request.member_id, request.name, 'decline')}
              >
                {t('me.captain.decline', { name: request.name })}
              </button>
            </div>
          </li>
        ))}
      </ul>

      <h3 className={ui.subheading}>{t('me.captain.members')}</h3>
      {others.length === 0 ? <p>{t('me.captain.noOthers')}</p> : null}
      <ul className={ui.plain}>
        {others.map((member) => (
          <li key={member.member_id} className={ui.spaced}>
            <p>
              <strong>{member.name}</strong>
              {member.role === 'captain' ? ` (${t('me.team.captain')})` : ''}
            </p>
            <div className={ui.actions}>
              {member.role === 'captain' ? null : (
                <ConfirmButton
                  label={t('me.captain.handOver', { name: member.name })}
                  question={t('me.captain.handOverConfirm', { name: member.name })}
                  yes={t('me.captain.handOverYes')}
                  cancel={t('me.captain.cancel')}
                  busy={busy}
                  tone="secondary"
                  onConfirm={() => act(member.member_id, member.name, 'captain')}
                />
              )}
              <ConfirmButton
                label={t('me.captain.remove', { name: member.name })}
                question={t('me.captain.removeConfirm', { name: member.name })}
                yes={t('me.captain.removeYes')}
                cancel={t('me.captain.cancel')}
                busy={busy}
                onConfirm={() => act(member.member_id, member.name, 'remove')}
              />
            </div>
          </li>
        ))}
      </ul>

      <form
        className={ui.form}
        onSubmit={(event) => {
          event.preventDefault();
          const access = t(inviteOnly ? 'me.captain.inviteOnly' : 'me.captain.open');
          void run(() =>
            onSettings(
              { name: team.name, motto: team.motto, inviteOnly },
              t('me.captain.accessSaved', { access }),
            ),
          );
        }}
      >
        <fieldset className={ui.fieldset}>
          <legend className={ui.legend}>{t('me.captain.access')}</legend>
          <label className={ui.check}>
            <input
              type="radio"
              name={`${id}-access`}
              checked={!inviteOnly}
              onChange={() => setInviteOnly(false)}
            />
            {t('me.captain.open')}
          </label>
          <label className={ui.check}>
            <input
              type="radio"
              name={`${id}-access`}
              checked={inviteOnly}
              onChange={() => setInviteOnly(true)}
            />
            {t('me.captain.inviteOnly')}
          </label>
        </fieldset>
        <div className={ui.actions}>
          <button
            type="submit"
            className={`${ui.button} ${ui.secondary}`}
            disabled={busy || inviteOnly === team.invite_only}
          >
            {t('me.captain.saveAccess')}
          </button>
        </div>
      </form>

      <h3 className={ui.subheading}>{t('me.captain.invite')}</h3>
      <p>{t('me.captain.inviteHint')}</p>
      {inviteUrl && team.invite_code ? (
        <>
          <label className={ui.field}>
            <span>{t('me.captain.code', { code: team.invite_code })}</span>
            <input
              className={`${ui.input} ${ui.mono}`}
              readOnly
              value={inviteUrl}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <div className={ui.actions}>
            <button type="button" className={ui.button} onClick={() => void copy()}>
              {t('me.captain.copy')}
            </button>
            <ConfirmButton
              label={t('me.captain.renew')}
              question={t('me.captain.renewHint')}
              yes={t('me.captain.renew')}
              cancel={t('me.captain.cancel')}
              busy={busy}
              tone="secondary"
              onConfirm={() => run(() => onRenew(t('me.captain.renewed')))}
            />
          </div>
          <p role="status" className={ui.hint}>
            {copied === 'copied'
              ? t('me.captain.copied')
              : copied === 'failed'
                ? t('me.captain.copyFailed')
                : ''}
          </p>
        </>
      ) : null}
    </section>
  );
}
