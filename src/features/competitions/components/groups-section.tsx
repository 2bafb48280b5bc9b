import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { useDeleteTeam } from '../api/delete-team';
import type { CompetitionEditorData, EditorTeam } from '../api/get-competition';
import { emptyTeam, type TeamValues } from '../utils/team-values';
import styles from './competitions.module.css';
import { GroupsPanel } from './groups-panel';
import { TeamForm } from './team-form';
import { TeamMembers } from './team-members';

/**
 * «Grupper og lag»: the groups with their caps, then every team by group with its members (move,
 * remove), and a form to add or change a team.
 */
export function GroupsSection({ data }: { data: CompetitionEditorData }) {
  const { t } = useTranslation('competitions');
  const { competition, groups, teams, members } = data;
  const [team, setTeam] = useState<TeamValues>(() => emptyTeam(data));
  const remove = useDeleteTeam(competition.id);
  const photoPath = (of: EditorTeam) => {
    const media = of.media_id ? data.media.get(of.media_id) : undefined;
    return media ? (media.thumbnail_path ?? media.url) : null;
  };
  const photos = useSignedMediaUrls(teams.map(photoPath));
  const active = (of: EditorTeam) =>
    members.filter((member) => member.team_id === of.id && member.status === 'active').length;
  const sections = [
    ...groups.map((group) => ({
      id: group.id,
      name: group.name,
      teams: teams.filter((of) => of.group_id === group.id),
    })),
    // Teams of no group: a competition without groups, or made before its groups.
    {
      id: 'none',
      name: groups.length > 0 ? t('teams.unnamed') : t('teams.title'),
      teams: teams.filter((of) => of.group_id === null),
    },
  ].filter((section) => section.teams.length > 0);

  const edit = (of: EditorTeam) => {
    setTeam({
      id: of.id,
      name: of.name,
      motto: of.motto ?? '',
      groupId: of.group_id ?? '',
      inviteOnly: of.invite_only,
      mediaId: of.media_id,
    });
    document.getElementById('team-name')?.focus();
  };
  const deleteTeam = async (of: EditorTeam) => {
    if (
      !(await confirm({
        title: t('teams.deleteConfirm', { name: of.name }),
        confirmLabel: t('teams.delete', { name: of.name }),
        tone: 'danger',
      }))
    )
      return;
    remove.mutate(of.id, { onSuccess: () => notify({ message: t('teams.deleted'), tone: 'success' }) });
  };

  return (
    <div className={layout.form}>
      <GroupsPanel data={data} />
      <section className={layout.form} aria-labelledby="teams-title">
        <h3 id="teams-title">{t('teams.title')}</h3>
        {teams.length === 0 ? <p className={layout.muted}>{t('teams.none')}</p> : null}
        {sections.map((section) => (
          <section key={section.id} className={layout.form} aria-label={section.name}>
            {groups.length > 0 ? <h4>{section.name}</h4> : null}
            {section.teams.map((of) => (
              <article
                key={of.id}
                className={`${styles.fieldset} ${styles.team}`}
                aria-labelledby={`team-${of.id}`}
              >
                <div className={styles.member}>
                  {photos.get(photoPath(of) ?? '') ? (
                    <img className={styles.avatar} src={photos.get(photoPath(of) ?? '')} alt="" />
                  ) : null}
                  <h5 id={`team-${of.id}`} className={styles.teamTitle}>
                    {of.name}
                  </h5>
                  <span className={styles.rowActions}>
                    <Badge tone={active(of) >= competition.team_max ? 'warning' : 'neutral'}>
                      {active(of) >= competition.team_max
                        ? t('teams.full')
                        : t('teams.members', { count: active(of), max: competition.team_max })}
                    </Badge>
                    <Badge>{of.invite_only ? t('teams.invite') : t('teams.open')}</Badge>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t('teams.edit', { name: of.name })}
                      onClick={() => edit(of)}
                    >
                      {t('list.edit')}
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={t('teams.delete', { name: of.name })}
                      onClick={() => void deleteTeam(of)}
                    >
                      {t('teams.deleteShort')}
                    </Button>
                  </span>
                </div>
                {of.motto ? <p className={layout.muted}>{of.motto}</p> : null}
                <TeamMembers data={data} team={of} />
              </article>
            ))}
          </section>
        ))}
        <FormStatus error={remove.error} />
        <TeamForm data={data} values={team} onChange={setTeam} onDone={() => setTeam(emptyTeam(data))} />
      </section>
    </div>
  );
}
