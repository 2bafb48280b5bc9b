import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import pageStyles from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { formatDate } from '@/lib/format';
import { useChangeMemberRole } from '../api/change-member-role';
import { membersQueryOptions } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { INVITABLE_ROLES, type InvitableRole } from '../constants';
import type { Member } from '../types';
import styles from './organization.module.css';

type Props = { organizationId: string; organizationName: string; userId: string; canManage: boolean };

/** The name a member goes by: their profile's, else their e-mail. */
const nameOf = (member: Member) => member.name ?? member.email;

/** The members with their roles; owners and admins change roles and remove members. */
export function MembersList({ organizationId, organizationName, userId, canManage }: Props) {
  const { t } = useTranslation('organizations');
  const members = useQuery(membersQueryOptions(organizationId));
  const role = useChangeMemberRole();
  const remove = useRemoveMember();

  function changeRole(member: Member, next: InvitableRole) {
    role.mutate(
      { organizationId, member, role: next },
      {
        onSuccess: () =>
          notify({ message: t('members.roleChanged', { name: nameOf(member) }), tone: 'success' }),
      },
    );
  }

  async function askToRemove(member: Member) {
    const name = nameOf(member);
    const confirmed = await confirm({
      title: t('members.removeTitle', { name }),
      description: t('members.removeDescription', { name }),
      confirmLabel: t('members.remove'),
      tone: 'danger',
    });
    if (!confirmed) return;
    remove.mutate(
      { organizationId, memberId: member.member_id },
      { onSuccess: () => notify({ message: t('members.removed', { name }), tone: 'success' }) },
    );
  }

  // The owner's row and one's own row never get controls (the owner stays; leaving is below).
  const editable = (member: Member) => canManage && member.role !== 'owner' && member.member_id !== userId;

  const columns: TableColumn<Member>[] = [
    {
      key: 'name',
      header: t('members.name'),
      cell: (member) => (
        <span className={styles.member}>
          {member.img ? <img className={styles.memberAvatar} src={member.img} alt="" /> : null}
          {nameOf(member)} {member.member_id === userId ? t('members.you') : null}
        </span>
      ),
    },
    { key: 'email', header: t('members.email'), cell: (member) => member.email },
    {
      key: 'role',
      header: t('members.role'),
      cell: (member) =>
        editable(member) ? (
          <NativeSelect
            label={t('members.roleFor', { name: nameOf(member) })}
            hideLabel
            value={member.role}
            disabled={role.isPending}
            options={INVITABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
            onChange={(event) => changeRole(member, event.target.value as InvitableRole)}
          />
        ) : (
          t(`roles.${member.role}`)
        ),
    },
    { key: 'joined', header: t('members.joined'), cell: (member) => formatDate(member.created_at) },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: t('members.actions'),
      cell: (member) =>
        editable(member) ? (
          <Button
            variant="danger"
            size="sm"
            aria-label={t('members.removeLabel', { name: nameOf(member) })}
            loading={remove.isPending && remove.variables.memberId === member.member_id}
            onClick={() => void askToRemove(member)}
          >
            {t('members.remove')}
          </Button>
        ) : null,
    });
  }

  return (
    <section className={pageStyles.section} aria-label={t('members.heading')}>
      <FormStatus error={members.error ?? role.error ?? remove.error} />
      <Table
        caption={t('members.caption', { name: organizationName })}
        columns={columns}
        rows={members.data ?? []}
        rowKey={(member) => member.member_id}
        empty={members.isPending ? null : <p>{t('members.empty')}</p>}
      />
    </section>
  );
}
