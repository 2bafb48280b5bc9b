import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { MediaChoice } from '@/components/media-picker/media-choice';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { errorMessage } from '@/lib/error-message';
import type { MediaSummary } from '@/lib/media/types';
import { useKeepFocus } from '@/lib/use-keep-focus';
import type { CompetitionEditorData } from '../api/get-competition';
import { useSaveTeam } from '../api/save-team';
import { LIMITS } from '../utils/competition-rules';
import type { TeamValues } from '../utils/team-values';
import styles from './competitions.module.css';

/**
 * A team's name, motto, group (when the competition has groups), photo from the media library and
 * whether it takes only invited members; checked as the database checks it (1–60 characters, a motto
 * of at most 200, a unique name).
 */
export function TeamForm({
  data,
  values,
  onChange,
  onDone,
}: {
  data: CompetitionEditorData;
  values: TeamValues;
  onChange: (values: TeamValues) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('competitions');
  const { competition, groups, teams } = data;
  const [errors, setErrors] = useState<Partial<Record<'name' | 'motto' | 'group', string>>>({});
  // What was just picked, until the saved team's read knows it.
  const [picked, setPicked] = useState<MediaSummary | null>(null);
  const photo = values.mediaId
    ? picked?.id === values.mediaId
      ? picked
      : (data.media.get(values.mediaId) ?? null)
    : null;
  const save = useSaveTeam(competition.id, competition.organization_id);
  const saveButton = useKeepFocus(save.isPending);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    const next: typeof errors = {};
    if (!name || name.length > LIMITS.team) next.name = t('errors.teamRequired');
    else if (
      teams.some(
        (team) => team.id !== values.id && team.name.toLocaleLowerCase('nb') === name.toLocaleLowerCase('nb'),
      )
    )
      next.name = errorMessage('competition-team-name-taken');
    if (values.motto.length > LIMITS.motto) next.motto = t('errors.mottoTooLong');
    if (groups.length > 0 && !values.groupId) next.group = t('errors.groupNeeded');
    setErrors(next);
    const first = (['name', 'motto', 'group'] as const).find((key) => next[key]);
    if (first) return document.getElementById(`team-${first}`)?.focus();
    save.mutate(
      { ...values, groupId: groups.length > 0 ? values.groupId : null },
      {
        onSuccess: () => {
          notify({ message: t('editor.saved'), tone: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form
      className={styles.fieldset}
      onSubmit={submit}
      noValidate
      aria-label={values.id ? t('teams.save') : t('teams.add')}
    >
      <div className={styles.inline}>
        <Input
          id="team-name"
          label={t('teams.name')}
          value={values.name}
          maxLength={LIMITS.team}
          onChange={(event) => onChange({ ...values, name: event.target.value })}
          error={errors.name}
          autoComplete="off"
        />
        {groups.length > 0 ? (
          <NativeSelect
            id="team-group"
            label={t('teams.group')}
            value={values.groupId}
            onChange={(event) => onChange({ ...values, groupId: event.target.value })}
            error={errors.group}
            options={groups.map((group) => ({ value: group.id, label: group.name }))}
          />
        ) : null}
      </div>
      <Input
        id="team-motto"
        label={t('teams.motto')}
        value={values.motto}
        maxLength={LIMITS.motto}
        onChange={(event) => onChange({ ...values, motto: event.target.value })}
        error={errors.motto}
        autoComplete="off"
      />
      <MediaChoice
        legend={t('teams.photo')}
        hint={t('teams.photoHint')}
        media={photo}
        accept="image"
        onChoose={(chosen) => {
          setPicked(chosen);
          onChange({ ...values, mediaId: chosen?.id ?? null });
        }}
        texts={{
          choose: t('teams.choosePhoto'),
          change: t('teams.changePhoto'),
          remove: t('teams.removePhoto'),
          altMissing: t('teams.photoAltMissing'),
          alt: (alt) => t('teams.photoAlt', { alt }),
        }}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={values.inviteOnly}
          onChange={(event) => onChange({ ...values, inviteOnly: event.target.checked })}
        />
        <span>
          {t('teams.inviteOnly')}
          <br />
          <small className={layout.muted}>{t('teams.inviteOnlyHint')}</small>
        </span>
      </label>
      <FormStatus error={save.error} />
      <div className={layout.actions}>
        <Button ref={saveButton} type="submit" variant="secondary" loading={save.isPending}>
          {values.id ? t('teams.save') : t('teams.add')}
        </Button>
        {values.id ? (
          <Button variant="ghost" onClick={onDone}>
            {t('teams.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
