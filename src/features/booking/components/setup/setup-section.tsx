import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import editor from '@/components/editor.module.css';
import { FormStatus } from '@/components/form-status';
import { actionsColumn } from '@/components/list-columns';
import layout from '@/components/page.module.css';
import type { RowAction } from '@/components/row-actions';
import { RowMenu } from '@/components/row-menu';
import { Table, type TableColumn } from '@/components/table';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useDeleteSetupRow, useSaveHolidays } from '../../api/save-setup';
import type { BookingException, BookingService, BookingSolutionSetup, BookingStaff } from '../../api/types';
import styles from '../booking.module.css';
import { AvailabilityForm } from './availability-form';
import { ExceptionForm } from './exception-form';
import { ReminderTimes } from './reminder-times';
import { ServiceDialog } from './service-dialog';
import setupStyles from './setup.module.css';
import { StaffDialog } from './staff-dialog';

const deleteAction = (label: string, question: string, onDelete: () => void): RowAction => ({
  label,
  icon: <Trash2 />,
  tone: 'danger',
  confirm: { title: question, confirmLabel: label, tone: 'danger' },
  onSelect: onDelete,
});

/**
 * «Oppsett»: the services, the staff and who gives what, each staff member's week, the exceptions and
 * «Stengt på helligdager». Owners and admins change it; members see it.
 */
export function SetupSection({
  solution,
  canManage,
}: {
  solution: BookingSolutionSetup;
  canManage: boolean;
}) {
  const { t } = useTranslation('booking');
  const ref = { solutionId: solution.id, organizationId: solution.organizationId };
  const remove = useDeleteSetupRow(ref);
  const holidays = useSaveHolidays(ref);
  const [serviceDialog, setServiceDialog] = useState<{ service: BookingService | null } | null>(null);
  const [staffDialog, setStaffDialog] = useState<{ staff: BookingStaff | null } | null>(null);
  const servicesOf = (staffId: string) =>
    solution.staffServices.filter((link) => link.staff_id === staffId).map((link) => link.service_id);
  const nameOfService = (id: string) => solution.services.find((service) => service.id === id)?.name ?? '';
  const nameOfStaff = (id: string | null) =>
    id === null
      ? t('setup.exceptions.everyone')
      : (solution.staff.find((member) => member.id === id)?.name ?? '');

  const serviceColumns: TableColumn<BookingService>[] = [
    { key: 'name', header: t('setup.service.name'), card: 'title', cell: (service) => service.name },
    {
      key: 'duration',
      header: t('setup.service.durationMinutes'),
      align: 'end',
      cell: (service) => t('setup.minutes', { count: service.duration_minutes }),
    },
    {
      key: 'price',
      header: t('setup.service.price'),
      align: 'end',
      cell: (service) =>
        service.price_ore === null ? t('setup.service.free') : formatMoney(service.price_ore),
    },
    {
      key: 'buffers',
      header: t('setup.service.buffers'),
      priority: 'secondary',
      cell: (service) =>
        t('setup.service.buffersValue', {
          before: service.buffer_before_minutes,
          after: service.buffer_after_minutes,
        }),
    },
    {
      key: 'notice',
      header: t('setup.service.rules'),
      priority: 'optional',
      cell: (service) =>
        t('setup.service.rulesValue', {
          hours: formatNumber(service.minimum_notice_minutes / 60),
          days: service.booking_window_days,
        }),
    },
    ...(canManage
      ? [
          actionsColumn(t('setup.actions'), (service: BookingService) => (
            <RowMenu
              label={t('setup.service.rowActions', { name: service.name })}
              actions={[
                { label: t('setup.edit'), icon: <Pencil />, onSelect: () => setServiceDialog({ service }) },
                deleteAction(
                  t('setup.delete'),
                  t('setup.service.deleteConfirm', { name: service.name }),
                  () => remove.mutate({ table: 'booking_services', id: service.id }),
                ),
              ]}
            />
          )),
        ]
      : []),
  ];

  const staffColumns: TableColumn<BookingStaff>[] = [
    { key: 'name', header: t('setup.staff.name'), card: 'title', cell: (member) => member.name },
    {
      key: 'services',
      header: t('setup.staff.services'),
      cell: (member) => servicesOf(member.id).map(nameOfService).join(', ') || t('setup.staff.noServices'),
    },
    {
      key: 'email',
      header: t('setup.staff.email'),
      priority: 'secondary',
      cell: (member) => member.email ?? '–',
    },
    ...(canManage
      ? [
          actionsColumn(t('setup.actions'), (member: BookingStaff) => (
            <RowMenu
              label={t('setup.staff.rowActions', { name: member.name })}
              actions={[
                {
                  label: t('setup.edit'),
                  icon: <Pencil />,
                  onSelect: () => setStaffDialog({ staff: member }),
                },
                deleteAction(t('setup.delete'), t('setup.staff.deleteConfirm', { name: member.name }), () =>
                  remove.mutate({ table: 'booking_staff', id: member.id }),
                ),
              ]}
            />
          )),
        ]
      : []),
  ];

  const exceptionColumns: TableColumn<BookingException>[] = [
    {
      key: 'date',
      header: t('setup.exceptions.date'),
      card: 'title',
      cell: (e) => formatDate(`${e.on_date}T12:00:00Z`),
    },
    { key: 'who', header: t('setup.exceptions.who'), cell: (e) => nameOfStaff(e.staff_id) },
    {
      key: 'hours',
      header: t('setup.exceptions.hours'),
      cell: (e) =>
        e.starts_at && e.ends_at
          ? `${e.starts_at.slice(0, 5)}–${e.ends_at.slice(0, 5)}`
          : t('setup.exceptions.closed'),
    },
    { key: 'note', header: t('setup.exceptions.note'), priority: 'secondary', cell: (e) => e.note },
    ...(canManage
      ? [
          actionsColumn(t('setup.actions'), (e: BookingException) => (
            <RowMenu
              label={t('setup.exceptions.rowActions', { date: formatDate(`${e.on_date}T12:00:00Z`) })}
              actions={[
                deleteAction(t('setup.delete'), t('setup.exceptions.deleteConfirm'), () =>
                  remove.mutate({ table: 'booking_exceptions', id: e.id }),
                ),
              ]}
            />
          )),
        ]
      : []),
  ];

  return (
    <div className={styles.section}>
      {!canManage ? <FormStatus tone="info">{t('setup.readOnly')}</FormStatus> : null}
      <FormStatus error={remove.error ?? holidays.error} />

      <section className={styles.section} aria-labelledby="booking-services-heading">
        <div className={styles.toolbar}>
          <h2 id="booking-services-heading">{t('setup.service.title')}</h2>
          {canManage ? (
            <Button onClick={() => setServiceDialog({ service: null })}>
              {t('setup.service.createTitle')}
            </Button>
          ) : null}
        </div>
        <Table
          caption={t('setup.service.title')}
          hideCaption
          columns={serviceColumns}
          rows={solution.services}
          rowKey={(service) => service.id}
          empty={t('setup.service.empty')}
        />
      </section>

      <section className={styles.section} aria-labelledby="booking-staff-heading">
        <div className={styles.toolbar}>
          <h2 id="booking-staff-heading">{t('setup.staff.title')}</h2>
          {canManage ? (
            <Button onClick={() => setStaffDialog({ staff: null })}>{t('setup.staff.createTitle')}</Button>
          ) : null}
        </div>
        <Table
          caption={t('setup.staff.title')}
          hideCaption
          columns={staffColumns}
          rows={solution.staff}
          rowKey={(member) => member.id}
          empty={t('setup.staff.empty')}
        />
      </section>

      <section className={styles.section} aria-labelledby="booking-availability-heading">
        <h2 id="booking-availability-heading">{t('setup.availability.title')}</h2>
        <p className={layout.muted}>{t('setup.availability.intro')}</p>
        {solution.staff.length === 0 ? <p className={layout.muted}>{t('setup.staff.empty')}</p> : null}
        {solution.staff.map((member) => (
          <AvailabilityForm
            // A fresh form after a save, from what the database now holds.
            key={`${member.id}-${solution.availability
              .filter((span) => span.staff_id === member.id)
              .map((span) => span.id)
              .join()}`}
            solution={ref}
            staff={member}
            availability={solution.availability}
            disabled={!canManage}
          />
        ))}
      </section>

      <section className={styles.section} aria-labelledby="booking-reminders-heading">
        <h2 id="booking-reminders-heading">{t('setup.reminders.title')}</h2>
        <ReminderTimes solution={ref} minutes={solution.reminderMinutes} disabled={!canManage} />
      </section>

      <section className={styles.section} aria-labelledby="booking-exceptions-heading">
        <h2 id="booking-exceptions-heading">{t('setup.exceptions.title')}</h2>
        <div className={setupStyles.holidays}>
          <label className={editor.checkbox}>
            <input
              type="checkbox"
              checked={solution.closedOnHolidays}
              disabled={!canManage || holidays.isPending}
              aria-describedby="booking-holidays-hint"
              onChange={(event) => holidays.mutate(event.target.checked)}
            />
            {t('setup.holidays.label')}
          </label>
          <p id="booking-holidays-hint" className={layout.muted}>
            {t('setup.holidays.hint')}
          </p>
        </div>
        <Table
          caption={t('setup.exceptions.title')}
          hideCaption
          columns={exceptionColumns}
          rows={solution.exceptions}
          rowKey={(e) => e.id}
          empty={t('setup.exceptions.empty')}
        />
        {canManage ? <ExceptionForm solution={ref} staff={solution.staff} /> : null}
      </section>

      <ServiceDialog
        solution={ref}
        service={serviceDialog?.service ?? null}
        open={serviceDialog !== null}
        onOpenChange={(open) => !open && setServiceDialog(null)}
      />
      <StaffDialog
        solution={ref}
        services={solution.services}
        staff={
          staffDialog?.staff ? { row: staffDialog.staff, serviceIds: servicesOf(staffDialog.staff.id) } : null
        }
        open={staffDialog !== null}
        onOpenChange={(open) => !open && setStaffDialog(null)}
      />
    </div>
  );
}
