import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { FormStatus } from '@/components/form-status';
import { NativeSelect } from '@/components/native-select';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { formatDateTime } from '@/lib/format';
import { meetingQueryOptions, roomMeetingsQueryOptions } from '../api/get-meetings';
import { meetingMembersQueryOptions } from '../api/get-members';
import { roomQueryOptions } from '../api/get-rooms';
import { SummaryEditor } from '../components/summary-editor';
import { defaultMeeting } from '../utils/default-meeting';
import { meetingPaths } from '../utils/meeting-paths';

/** /meeting/summary/:roomId: choose one of the room's meetings and write its summary. */
export default function MeetingsSummaryPage() {
  const { t } = useTranslation('meetings');
  const { roomId = '' } = useParams();
  const organizationId = useCurrentOrganization()?.organizationId ?? '';
  const [now] = useState(() => new Date());
  const room = useQuery(roomQueryOptions(roomId));
  const meetings = useQuery(roomMeetingsQueryOptions(roomId));
  const members = useQuery({ ...meetingMembersQueryOptions(organizationId), enabled: organizationId !== '' });
  const [chosen, setChosen] = useState<string | null>(null);
  const meetingId = chosen ?? (meetings.data ? defaultMeeting(meetings.data, now)?.id : undefined) ?? null;
  const detail = useQuery({ ...meetingQueryOptions(meetingId ?? ''), enabled: meetingId !== null });

  return (
    <div className={layout.page}>
      <p>
        <Link to={meetingPaths.room(roomId)}>
          {t('summary.back', { name: room.data?.name ?? t('planner.room') })}
        </Link>
      </p>
      <h1>{t('summary.heading', { name: room.data?.name ?? '' })}</h1>
      <FormStatus error={room.error ?? meetings.error ?? detail.error ?? members.error} />
      {meetings.data?.length === 0 ? (
        <EmptyState title={t('summary.noMeetingsTitle')} description={t('summary.noMeetings')} />
      ) : null}
      {meetings.data && meetings.data.length > 0 ? (
        <NativeSelect
          label={t('summary.choose')}
          value={meetingId ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          options={meetings.data.map((meeting) => ({
            value: meeting.id,
            label: t('summary.option', { title: meeting.title, when: formatDateTime(meeting.starts_at) }),
          }))}
        />
      ) : null}
      {detail.data && organizationId ? (
        <SummaryEditor
          key={detail.data.meeting.id}
          organizationId={organizationId}
          detail={detail.data}
          members={members.data ?? []}
        />
      ) : meetings.isPending || detail.isFetching ? (
        <SkeletonText />
      ) : null}
    </div>
  );
}
