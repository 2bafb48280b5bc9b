import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreateDialog, type ListCreateDialogProps } from '@/components/create-dialog';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { profileQueryOptions } from '@/lib/account/api/get-profile';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { SOLUTION_TEMPLATES, useCreateSolution, type SolutionTemplate } from '../../api/solution-actions';

const NAME_MAX = 120;

const isTemplate = (value: string): value is SolutionTemplate =>
  (SOLUTION_TEMPLATES as readonly string[]).includes(value);

/**
 * «Ny bookingside»: a template (its services, Monday–Friday 08:00–16:00) and a name, which follows the
 * template until typed; the one staff member is the user unless renamed. Opens the new solution.
 */
export function CreateSolutionDialog({ organizationId, open, onOpenChange }: ListCreateDialogProps) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const userId = useSession()?.user.id ?? '';
  const profile = useQuery({ ...profileQueryOptions(userId), enabled: open && userId !== '' });
  const create = useCreateSolution(organizationId);
  const [template, setTemplate] = useState<SolutionTemplate>('befaring');
  const [typedName, setTypedName] = useState<string | null>(null);
  const [staffName, setStaffName] = useState<string | null>(null);
  const name = typedName ?? t(`create.templates.${template}.name`);
  const staff = staffName ?? profile.data?.name ?? '';

  const onCreate = (trimmed: string) =>
    create.mutate(
      { name: trimmed, template, staffName: staff.trim() || t('create.defaultStaff') },
      {
        onSuccess: (id) =>
          id && void navigate(`${paths.bookingSolutions}/${encodeURIComponent(id)}?fane=oppsett`),
      },
    );

  return (
    <CreateDialog
      open={open}
      onOpenChange={onOpenChange}
      texts={t('create', { returnObjects: true, max: NAME_MAX })}
      nameMax={NAME_MAX}
      name={name}
      onNameChange={setTypedName}
      onCreate={onCreate}
      mutation={create}
      before={
        <NativeSelect
          label={t('create.template')}
          hint={t(`create.templates.${template}.hint`)}
          value={template}
          onChange={(event) => isTemplate(event.target.value) && setTemplate(event.target.value)}
          options={SOLUTION_TEMPLATES.map((value) => ({
            value,
            label: t(`create.templates.${value}.label`),
          }))}
        />
      }
    >
      {template !== 'blank' ? (
        <Input
          label={t('create.staffName')}
          hint={t('create.staffNameHint')}
          value={staff}
          maxLength={NAME_MAX}
          autoComplete="name"
          onChange={(event) => setStaffName(event.target.value)}
        />
      ) : null}
    </CreateDialog>
  );
}
