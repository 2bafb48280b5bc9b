import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { errorMessage } from '@/lib/error-message';
import type { CompetitionEditorData, EditorMember, EditorTeam } from '../api/get-competition';
import { useMoveMember } from '../api/move-member';
import { useRemoveMember } from '../api/remove-member';
import { personName } from '../utils/names';
import styles from './competitions.module.css';

/**
 * A team's members (captain and pending requests marked), each with «Flytt til» another team and
 * «Fjern». The database holds the cap: a move into a full team answers competition-team-full, shown
 * here in Norwegian beside the member, and the choice stays as it was.
 */
export function TeamMembers({ data, team }: { data: CompetitionEditorData; team: EditorTeam }) {
  const { t } = useTranslation('competitions');
  const members = data.members.filter((member) => member.team_id === team.id);
  const others = data.teams.filter((other) => other.id !== team.id);
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState<{ memberId: string; error: unknown } | null>(null);
  const move = useMoveMember(data.competition.id);
  const remove = useRemoveMember(data.competition.id);

  if (members.length === 0) return <p className={layout.muted}>{t('teams.noMembers')}</p>;

  const moveMember = (member: EditorMember) => {
    const teamId = targets[member.id];
    const target = others.find((other) => other.id === teamId);
    if (!target) return;
    setFailed(null);
    move.mutate(
      { memberId: member.id, teamId: target.id },
      {
        onSuccess: () =>
          notify({
            message: t('teams.moved', { name: personName(member.participants), team: target.name }),
            tone: 'success',
          }),
        onError: (error) => setFailed({ memberId: member.id, error }),
      },
    );
  };
  const removeMember = async (member: EditorMember) => {
    const name = personName(member.participants);
    if (
      !(await confirm({
        title: t('teams.removeConfirm', { name }),
        confirmLabel: t('teams.remove', { name }),
        tone: 'danger',
      }))
    )
      return;
    remove.mutate(member.id, {
      onSuccess: () => notify({ message: t('teams.removed', { name }), tone: 'success' }),
    });
  };

  return (
    <>
      <ul className={styles.members} aria-label={t('teams.membersOf', { name: team.name })}>
        {members.map((member) => {
          const name = personName(member.participants);
          return (
            <li key={member.id} className={styles.member}>
              <span>
                {name} {member.role === 'captain' ? <Badge tone="info">{t('teams.captain')}</Badge> : null}{' '}
                {member.status === 'pending' ? <Badge tone="warning">{t('teams.pending')}</Badge> : null}
              </span>
              <div className={styles.inline}>
                {others.length > 0 ? (
                  <>
                    <NativeSelect
                      id={`move-${member.id}`}
                      label={t('teams.moveLabel', { name })}
                      hideLabel
                      value={targets[member.id] ?? ''}
                      onChange={(event) => setTargets({ ...targets, [member.id]: event.target.value })}
                      error={failed?.memberId === member.id ? errorMessage(failed.error) : undefined}
                      options={[
                        { value: '', label: t('teams.chooseTeam') },
                        ...others.map((other) => ({ value: other.id, label: other.name })),
                      ]}
                    />
                    <Button
                      variant="secondary"
                      disabled={!targets[member.id]}
                      loading={move.isPending && move.variables.memberId === member.id}
                      onClick={() => moveMember(member)}
                    >
                      {t('teams.moveSubmit')}
                    </Button>
                  </>
                ) : null}
                <Button
                  variant="ghost"
                  aria-label={t('teams.remove', { name })}
                  onClick={() => void removeMember(member)}
                >
                  {t('teams.deleteShort')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <FormStatus error={remove.error} />
    </>
  );
}
