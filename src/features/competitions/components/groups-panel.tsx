import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { formatNumber } from '@/lib/format';
import { useKeepFocus } from '@/lib/use-keep-focus';
import { useDeleteGroup } from '../api/delete-group';
import type { CompetitionEditorData, EditorGroup } from '../api/get-competition';
import { useSaveGroup } from '../api/save-group';
import { LIMITS, rules } from '../utils/competition-rules';
import styles from './competitions.module.css';

type GroupValues = { id?: string; name: string; maxTeams: string };
const EMPTY: GroupValues = { name: '', maxTeams: '' };

/** The groups with their cap on teams: add, change and delete (a group with teams is kept). */
export function GroupsPanel({ data }: { data: CompetitionEditorData }) {
  const { t } = useTranslation('competitions');
  const { competition, groups, teams } = data;
  const [values, setValues] = useState<GroupValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'maxTeams', string>>>({});
  const save = useSaveGroup(competition.id, competition.organization_id);
  const remove = useDeleteGroup(competition.id);
  const saveButton = useKeepFocus(save.isPending);
  const teamsIn = (group: EditorGroup) => teams.filter((team) => team.group_id === group.id).length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    const next: typeof errors = {};
    if (!name) next.name = t('errors.groupRequired');
    else if (name.length > LIMITS.group) next.name = t('errors.groupTooLong');
    else if (
      groups.some(
        (group) =>
          group.id !== values.id && group.name.toLocaleLowerCase('nb') === name.toLocaleLowerCase('nb'),
      )
    )
      next.name = t('errors.groupDuplicate');
    if (values.maxTeams.trim() && !rules.wholeIn(1, LIMITS.maxTeams)(values.maxTeams))
      next.maxTeams = t('errors.maxTeamsInvalid');
    setErrors(next);
    if (next.name) return document.getElementById('group-name')?.focus();
    if (next.maxTeams) return document.getElementById('group-maxTeams')?.focus();
    const position = values.id
      ? (groups.find((group) => group.id === values.id)?.position ?? 1)
      : Math.max(0, ...groups.map((group) => group.position)) + 1;
    save.mutate(
      { id: values.id, name, maxTeams: values.maxTeams.trim() ? Number(values.maxTeams) : null, position },
      {
        onSuccess: () => {
          setValues(EMPTY);
          notify({ message: t('editor.saved'), tone: 'success' });
        },
      },
    );
  };

  const deleteGroup = async (group: EditorGroup) => {
    if (
      !(await confirm({
        title: t('groups.deleteConfirm', { name: group.name }),
        confirmLabel: t('groups.delete', { name: group.name }),
        tone: 'danger',
      }))
    )
      return;
    remove.mutate(group.id, { onSuccess: () => notify({ message: t('groups.deleted'), tone: 'success' }) });
  };

  const columns: TableColumn<EditorGroup>[] = [
    { key: 'name', header: t('groups.name'), card: 'title', cell: (group) => group.name },
    {
      key: 'cap',
      header: t('groups.maxTeams'),
      cell: (group) =>
        group.max_teams === null ? t('groups.noCap') : t('groups.maxTeamsValue', { count: group.max_teams }),
    },
    { key: 'teams', header: t('teams.title'), align: 'end', cell: (group) => formatNumber(teamsIn(group)) },
    {
      key: 'actions',
      header: t('list.actions'),
      card: 'action',
      cell: (group) => (
        <div className={styles.rowActions}>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('groups.edit', { name: group.name })}
            onClick={() => {
              setValues({
                id: group.id,
                name: group.name,
                maxTeams: group.max_teams === null ? '' : String(group.max_teams),
              });
              document.getElementById('group-name')?.focus();
            }}
          >
            {t('list.edit')}
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={teamsIn(group) > 0}
            title={teamsIn(group) > 0 ? t('groups.deleteBlocked') : undefined}
            aria-label={t('groups.delete', { name: group.name })}
            onClick={() => void deleteGroup(group)}
          >
            {t('groups.deleteShort')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className={layout.form} aria-labelledby="groups-title">
      <h3 id="groups-title">{t('groups.title')}</h3>
      {groups.length === 0 ? (
        <p className={layout.muted}>{t('groups.none')}</p>
      ) : (
        <Table
          caption={t('groups.title')}
          hideCaption
          columns={columns}
          rows={groups}
          rowKey={(group) => group.id}
        />
      )}
      <FormStatus error={remove.error} />
      <form
        className={styles.fieldset}
        onSubmit={submit}
        noValidate
        aria-label={values.id ? t('groups.save') : t('groups.add')}
      >
        <div className={styles.inline}>
          <Input
            id="group-name"
            label={t('groups.name')}
            value={values.name}
            maxLength={LIMITS.group}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            error={errors.name}
            autoComplete="off"
          />
          <Input
            id="group-maxTeams"
            label={t('groups.maxTeams')}
            inputMode="numeric"
            value={values.maxTeams}
            onChange={(event) => setValues({ ...values, maxTeams: event.target.value })}
            error={errors.maxTeams}
            autoComplete="off"
          />
        </div>
        <FormStatus error={save.error} />
        <div className={layout.actions}>
          <Button ref={saveButton} type="submit" variant="secondary" loading={save.isPending}>
            {values.id ? t('groups.save') : t('groups.add')}
          </Button>
          {values.id ? (
            <Button variant="ghost" onClick={() => setValues(EMPTY)}>
              {t('groups.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
