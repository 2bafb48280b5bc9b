import pageStyles from '@/components/page.module.css';
import { InviteForm } from './invite-form';
import { MembersList } from './members-list';
import { PendingInvitations } from './pending-invitations';

type Props = { organizationId: string; organizationName: string; userId: string; canManage: boolean };

/** «Medlemmer»: the list with roles; owners and admins change roles, remove, invite and withdraw. */
export function MembersTab(props: Props) {
  return (
    <div className={`${pageStyles.page} ${pageStyles.medium}`}>
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
