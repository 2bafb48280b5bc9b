import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { Table, type TableColumn } from '@/components/table';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatDateTime, osloDateKey } from '@/lib/format';
import { useSession } from '@/lib/session';
import { meetingPollsQueryOptions, type MeetingPoll } from '../api/get-meeting-polls';
import { upcomingMeetingsQueryOptions, type Meeting } from '../api/get-meetings';
import { meetingMembersQueryOptions } from '../api/get-members';
import { organizationBookingsQueryOptions } from '../api/get-room-bookings';
import { roomsQueryOptions, type MeetingRoom } from '../api/get-rooms';
import styles from '../components/meetings.module.css';
import { PollDialog } from '../components/poll-dialog';
import { PollFormDialog } from '../components/poll-form-dialog';
import { PollStatusBadge } from '../components/poll-status-badge';
import { RoomCard } from '../components/room-card';
import { RoomDialog } from '../components/room-dialog';
import { useOptionTime } from '../components/use-option-time';
import { meetingPaths } from '../utils/meeting-paths';
import { osloRange } from '../utils/room-hours';

/** /meeting: the organization's rooms with today's free/busy, the polls and the meetings ahead. */
export default function MeetingsPlannerPage() {
  const { t } = useTranslation('meetings');
  const membership = useCurrentOrganization();
  const organizationId = membership?.organizationId ?? '';
  const userId = useSession()?.user.id ?? '';
  const manager = membership?.role === 'owner' || membership?.role === 'admin';
  const [now] = useState(() => new Date());
  const today = osloRange(osloDateKey(now), 1);
  const enabled = organizationId !== '';
  const rooms = useQuery({ ...roomsQueryOptions(organizationId), enabled });
  const bookings = useQuery({
    ...organizationBookingsQueryOptions(organizationId, today.from, today.to),
    enabled,
  });
  const polls = useQuery({ ...meetingPollsQueryOptions(organizationId), enabled });
  const meetings = useQuery({ ...upcomingMeetingsQueryOptions(organizationId, now.toISOString()), enabled });
  const members = useQuery({ ...meetingMembersQueryOptions(organizationId), enabled });
  const optionTime = useOptionTime();
  const [proposing, setProposing] = useState(false);
  const [openPoll, setOpenPoll] = useState<string | null>(null);
  const [editing, setEditing] = useState<MeetingRoom | 'new' | null>(null);
  const roomName = (roomId: string | null) => rooms.data?.find((room) => room.id === roomId)?.name;
  const chosenPoll = polls.data?.find((poll) => poll.id === openPoll);

  const pollColumns: TableColumn<MeetingPoll>[] = [
    {
      key: 'title',
      header: t('planner.pollTitle'),
      card: 'title',
      cell: (poll) => (
        <Button variant="ghost" size="sm" onClick={() => setOpenPoll(poll.id)}>
          {poll.title}
        </Button>
      ),
    },
    {
      key: 'status',
      header: t('planner.pollStatus'),
      card: 'status',
      cell: (poll) => <PollStatusBadge status={poll.status as 'open'} />,
    },
    {
      key: 'deadline',
      header: t('planner.pollDeadline'),
      card: 'meta',
      cell: (poll) => (poll.deadline ? formatDateTime(poll.deadline) : t('planner.none')),
    },
    {
      key: 'created',
      header: t('planner.pollCreated'),
      card: 'meta',
      priority: 'secondary',
      cell: (poll) => formatDateTime(poll.created_at),
    },
  ];
  const meetingColumns: TableColumn<Meeting>[] = [
    { key: 'title', header: t('planner.meetingTitle'), card: 'title', cell: (meeting) => meeting.title },
    { key: 'when', header: t('planner.meetingTime'), card: 'meta', cell: (meeting) => optionTime(meeting) },
    {
      key: 'room',
      header: t('planner.meetingRoom'),
      card: 'meta',
      cell: (meeting) =>
        meeting.room_id ? (
          <Link to={meetingPaths.summary(meeting.room_id)}>
            {roomName(meeting.room_id) ?? t('planner.room')}
          </Link>
        ) : (
          t('planner.noRoom')
        ),
    },
  ];

  const proposeButton = (
    <Button onClick={() => setProposing(true)}>
      <Plus size={16} aria-hidden="true" />
      {t('planner.propose')}
    </Button>
  );
  return (
    <div className={layout.page}>
      <div className={layout.header}>
        <h1>{t('planner.title')}</h1>
        {proposeButton}
      </div>
      <p className={layout.muted}>{t('planner.intro')}</p>
      <FormStatus error={rooms.error ?? polls.error ?? meetings.error ?? bookings.error} />

      <section aria-labelledby="meeting-rooms" className={layout.form}>
        <div className={layout.header}>
          <h2 id="meeting-rooms">{t('planner.rooms')}</h2>
          {manager ? (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              {t('planner.newRoom')}
            </Button>
          ) : null}
        </div>
        {rooms.data?.length === 0 ? (
          <EmptyState
            title={t('planner.noRoomsTitle')}
            description={t(manager ? 'planner.noRoomsAdmin' : 'planner.noRoomsMember')}
            titleAs="h3"
          />
        ) : (
          <div className={styles.cards}>
            {rooms.data?.map((room) => (
              <RoomCard
                key={room.id}
                room={room}
                now={now}
                today={bookings.data?.filter((booking) => booking.room_id === room.id) ?? []}
                onEdit={manager ? () => setEditing(room) : undefined}
              />
            ))}
          </div>
        )}
      </section>

      {/* Not a labelled region: the table is one, named by its caption (a landmark each, not two alike). */}
      <section className={layout.form}>
        <h2 id="meeting-polls">{t('planner.polls')}</h2>
        {polls.data?.length === 0 ? (
          <EmptyState
            title={t('planner.noPollsTitle')}
            description={t('planner.noPolls')}
            action={proposeButton}
            titleAs="h3"
          />
        ) : (
          <Table
            caption={t('planner.polls')}
            hideCaption
            columns={pollColumns}
            rows={polls.data ?? []}
            rowKey={(poll) => poll.id}
            loadingRows={polls.isPending && enabled ? 2 : undefined}
          />
        )}
      </section>

      <section className={layout.form}>
        <h2 id="meeting-upcoming">{t('planner.upcoming')}</h2>
        {meetings.data?.length === 0 ? (
          <p className={layout.muted}>{t('planner.noUpcoming')}</p>
        ) : (
          <Table
            caption={t('planner.upcoming')}
            hideCaption
            columns={meetingColumns}
            rows={meetings.data ?? []}
            rowKey={(meeting) => meeting.id}
            loadingRows={meetings.isPending && enabled ? 2 : undefined}
          />
        )}
      </section>

      <PollFormDialog
        organizationId={organizationId}
        userId={userId}
        rooms={rooms.data ?? []}
        members={members.data ?? []}
        open={proposing}
        onOpenChange={setProposing}
        onCreated={setOpenPoll}
      />
      <PollDialog
        organizationId={organizationId}
        pollId={openPoll}
        canManage={manager || chosenPoll?.created_by === userId}
        onOpenChange={(open) => !open && setOpenPoll(null)}
      />
      {editing ? (
        <RoomDialog
          organizationId={organizationId}
          room={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
    </div>
  );
}
