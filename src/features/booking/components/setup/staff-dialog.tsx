import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import editor from '@/components/editor.module.css';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { memberChoicesQueryOptions } from '../../api/get-member-choices';
import { useSaveStaff, type SolutionRef } from '../../api/save-setup';
import type { BookingService, BookingStaff } from '../../api/types';
import { validateStaffForm, type StaffFormErrors, type StaffFormValues } from '../../utils/staff-form';
import { FeedLink } from './feed-link';

type StaffDialogProps = {
  solution: SolutionRef;
  services: readonly BookingService[];
  /** The staff member to change with the services they give, or null for «Ny ressurs». */
  staff: { row: BookingStaff; serviceIds: string[] } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** «Ny ressurs» or a staff member's changes: name, an optional member, a notice address, their services. */
export function StaffDialog({ solution, services, staff, open, onOpenChange }: StaffDialogProps) {
  const { t } = useTranslation('booking');
  const title = staff ? t('setup.staff.editTitle', { name: staff.row.name }) : t('setup.staff.createTitle');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {open ? (
        <StaffForm
          solution={solution}
          services={services}
          staff={staff}
          title={title}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function StaffForm({
  solution,
  services,
  staff,
  title,
  onDone,
}: Omit<StaffDialogProps, 'open' | 'onOpenChange'> & { title: string; onDone: () => void }) {
  const { t } = useTranslation('booking');
  const members = useQuery(memberChoicesQueryOptions(solution.organizationId));
  const save = useSaveStaff(solution);
  const [values, setValues] = useState<StaffFormValues>(() => ({
    name: staff?.row.name ?? '',
    email: staff?.row.email ?? '',
    memberId: staff?.row.member_id ?? '',
    // A new staff member gives every service until told otherwise.
    serviceIds: staff?.serviceIds ?? services.map((service) => service.id),
  }));
  const [errors, setErrors] = useState<StaffFormErrors>({});
  const set = (patch: Partial<StaffFormValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const errorOf = (field: keyof StaffFormErrors) =>
    errors[field] ? t(`setup.staff.errors.${errors[field] as 'nameRequired'}`) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateStaffForm(values);
    setErrors(checked.errors);
    const input = checked.input;
    if (!input) return;
    save.mutate(
      { id: staff?.row.id ?? null, ...input },
      {
        onSuccess: () => {
          notify({
            message: t(staff ? 'setup.staff.saved' : 'setup.staff.created', { name: input.fields.name }),
            tone: 'success',
          });
          onDone();
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} aria-label={title}>
      <Input
        label={t('setup.staff.name')}
        hint={t('setup.staff.nameHint')}
        value={values.name}
        onChange={(event) => set({ name: event.target.value })}
        error={errorOf('name')}
        autoComplete="off"
      />
      <NativeSelect
        label={t('setup.staff.member')}
        hint={t('setup.staff.memberHint')}
        value={values.memberId}
        onChange={(event) => {
          const member = members.data?.find((choice) => choice.id === event.target.value);
          set({
            memberId: event.target.value,
            ...(member && values.email === '' ? { email: member.email } : {}),
          });
        }}
        options={[
          { value: '', label: t('setup.staff.noMember') },
          ...(members.data ?? []).map((member) => ({ value: member.id, label: member.name || member.email })),
        ]}
      />
      <Input
        label={t('setup.staff.email')}
        hint={t('setup.staff.emailHint')}
        type="email"
        value={values.email}
        onChange={(event) => set({ email: event.target.value })}
        error={errorOf('email')}
        autoComplete="off"
      />
      {services.length > 0 ? (
        <fieldset className={editor.fieldset}>
          <legend>{t('setup.staff.services')}</legend>
          {services.map((service) => (
            <label key={service.id} className={editor.checkbox}>
              <input
                type="checkbox"
                checked={values.serviceIds.includes(service.id)}
                onChange={(event) =>
                  set({
                    serviceIds: event.target.checked
                      ? [...values.serviceIds, service.id]
                      : values.serviceIds.filter((id) => id !== service.id),
                  })
                }
              />
              <span>{service.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {staff ? <FeedLink staffId={staff.row.id} /> : null}
      <FormStatus error={save.error ?? members.error} />
      <div className={layout.actions}>
        <Button type="submit" loading={save.isPending}>
          {staff ? t('setup.staff.save') : t('setup.staff.create')}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {t('setup.cancel')}
        </Button>
      </div>
    </Form>
  );
}
