import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { confirm } from '@/components/dialog-store';
import { Input } from '@/components/input';
import { NativeSelect } from '@/components/native-select';
import { notify } from '@/components/notification-store';
import styles from '@/components/settings-page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { isValidEmail } from '@/lib/validation/email';
import {
  changeRole,
  INVITABLE_ROLES,
  InviteError,
  inviteMember,
  invitationsQuery,
  membersQuery,
  organizationKeys,
  removeMember,
  withdrawInvitation,
  type InvitableRole,
  type Invitation,
  type Member,
} from '../api';
import organizationStyles from './organization.module.css';

type Props = { organizationId: string; organizationName: string; userId: string; canManage: boolean };

/** «Medlemmer»: the list with roles; owners and admins change roles, remove, invite and withdraw. */
export function MembersTab(props: Props) {
  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <MembersList {...props} />
      {props.canManage ? (
        <>
          <InviteForm organizationId={props.organizationId} />
          <PendingInvitations organizationId={props.organizationId} />
        </>
      ) : null}
    </div>
  );
}

function MembersList({ organizationId, organizationName, userId, canManage }: Props) {
  const { t } = useTranslation('organizations');
  const queryClient = useQueryClient();
  const members = useQuery(membersQuery(organizationId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) });

  const role = useMutation({
    mutationFn: (input: { member: Member; role: InvitableRole }) =>
      changeRole({ organizationId, memberId: input.member.memberId, role: input.role }),
    onSuccess: async (_data, { member }) => {
      await refresh();
      notify({ message: t('members.roleChanged', { name: member.name }), tone: 'success' });
    },
  });

  const remove = useMutation({
    mutationFn: (member: Member) => removeMember({ organizationId, memberId: member.memberId }),
    onSuccess: async (_data, member) => {
      await refresh();
      notify({ message: t('members.removed', { name: member.name }), tone: 'success' });
    },
  });

  async function askToRemove(member: Member) {
    const confirmed = await confirm({
      title: t('members.removeTitle', { name: member.name }),
      description: t('members.removeDescription', { name: member.name }),
      confirmLabel: t('members.remove'),
      tone: 'danger',
    });
    if (confirmed) remove.mutate(member);
  }

  // The owner's row and one's own row never get controls (the owner stays; leaving is below).
  const editable = (member: Member) => canManage && member.role !== 'owner' && member.memberId !== userId;

  const columns: TableColumn<Member>[] = [
    {
      key: 'name',
      header: t('members.name'),
      cell: (member) => (
        <span className={organizationStyles.member}>
          {member.img ? <img className={organizationStyles.memberAvatar} src={member.img} alt="" /> : null}
          {member.name} {member.memberId === userId ? t('members.you') : null}
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
            label={t('members.roleFor', { name: member.name })}
            hideLabel
            value={member.role}
            disabled={role.isPending}
            options={INVITABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
            onChange={(event) => role.mutate({ member, role: event.target.value as InvitableRole })}
          />
        ) : (
          t(`roles.${member.role}`)
        ),
    },
    { key: 'joined', header: t('members.joined'), cell: (member) => formatDate(member.createdAt) },
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
            aria-label={t('members.removeLabel', { name: member.name })}
            loading={remove.isPending && remove.variables.memberId === member.memberId}
            onClick={() => void askToRemove(member)}
          >
            {t('members.remove')}
          </Button>
        ) : null,
    });
  }

  const error = members.error ?? role.error ?? remove.error;
  return (
    <section className={styles.section} aria-label={t('members.heading')}>
      {error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(error)}
        </p>
      ) : null}
      <Table
        caption={t('members.caption', { name: organizationName })}
        columns={columns}
        rows={members.data ?? []}
        rowKey={(member) => member.memberId}
        empty={members.isPending ? null : <p>{t('members.empty')}</p>}
      />
    </section>
  );
}

const inviteSchema = z.object({
  email: z.string().trim().refine(isValidEmail, { error: 'invite.errors.invalid-email' }),
  role: z.enum(INVITABLE_ROLES, { error: 'invite.errors.invalid-role' }),
});

function InviteForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const headingId = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [emailError, setEmailError] = useState(false);

  const invite = useMutation({
    mutationFn: inviteMember,
    onSuccess: async (_data, input) => {
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) });
      notify({ message: t('invite.sent', { email: input.email }), tone: 'success' });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = inviteSchema.safeParse({ email: email.trim().toLowerCase(), role });
    if (!parsed.success) return setEmailError(true);
    setEmailError(false);
    invite.mutate({ organizationId, ...parsed.data });
  }

  const inviteError =
    invite.error instanceof InviteError
      ? t(`invite.errors.${invite.error.code}`)
      : invite.error
        ? errorMessage(invite.error)
        : null;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invite.heading')}</h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={organizationStyles.inviteRow}>
          <Input
            label={t('invite.email')}
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError ? t('invite.errors.invalid-email') : undefined}
            required
          />
          <NativeSelect
            label={t('invite.role')}
            name="role"
            value={role}
            options={INVITABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
            onChange={(event) => setRole(event.target.value as InvitableRole)}
          />
        </div>
        {inviteError ? (
          <p role="alert" className={styles.formError}>
            {inviteError}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={invite.isPending}>
            {t('invite.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function PendingInvitations({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const headingId = useId();
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQuery(organizationId));

  const withdraw = useMutation({
    mutationFn: (invitation: Invitation) => withdrawInvitation(invitation.id),
    onSuccess: async (_data, invitation) => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) });
      notify({ message: t('invitations.withdrawn', { email: invitation.email }), tone: 'success' });
    },
  });

  async function askToWithdraw(invitation: Invitation) {
    const confirmed = await confirm({
      title: t('invitations.withdrawTitle', { email: invitation.email }),
      confirmLabel: t('invitations.withdraw'),
      tone: 'danger',
    });
    if (confirmed) withdraw.mutate(invitation);
  }

  const error = invitations.error ?? withdraw.error;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('invitations.heading')}</h2>
      {error ? (
        <p role="alert" className={styles.formError}>
          {errorMessage(error)}
        </p>
      ) : null}
      <Table
        caption={t('invitations.caption')}
        hideCaption
        rows={invitations.data ?? []}
        rowKey={(invitation) => invitation.id}
        empty={invitations.isPending ? null : <p>{t('invitations.empty')}</p>}
        columns={[
          { key: 'email', header: t('invitations.email'), cell: (invitation) => invitation.email },
          { key: 'role', header: t('invitations.role'), cell: (invitation) => t(`roles.${invitation.role}`) },
          {
            key: 'expires',
            header: t('invitations.expires'),
            cell: (invitation) => formatDate(invitation.expiresAt),
          },
          {
            key: 'actions',
            header: t('invitations.actions'),
            cell: (invitation) => (
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('invitations.withdrawLabel', { email: invitation.email })}
                loading={withdraw.isPending && withdraw.variables.id === invitation.id}
                onClick={() => void askToWithdraw(invitation)}
              >
                {t('invitations.withdraw')}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
