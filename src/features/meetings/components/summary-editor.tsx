import { Download, FileDown, History, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { downloadFile } from '@/lib/download';
import { formatDate, formatTime } from '@/lib/format';
import type { MeetingDetail } from '../api/get-meetings';
import type { MeetingMember } from '../api/get-members';
import {
  useCarryOverActionItems,
  useSaveMeetingSummary,
  useSetAttendance,
} from '../api/save-meeting-summary';
import { useSendMeetingSummary } from '../api/send-meeting-summary';
import {
  summaryMarkdown,
  summarySections,
  type ExportPeople,
  type ExportTexts,
} from '../utils/summary-export';
import { ActionItemRow } from './action-item-row';
import styles from './meetings.module.css';

type SummaryEditorProps = {
  organizationId: string;
  detail: MeetingDetail;
  members: readonly MeetingMember[];
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** A meeting's summary: agenda, attendance, notes, decisions, action items; carry-over and export. */
export function SummaryEditor({ organizationId, detail, members }: SummaryEditorProps) {
  const { t } = useTranslation('meetings');
  const { meeting, summary, attendees, actionItems } = detail;
  const save = useSaveMeetingSummary(organizationId, meeting.id);
  const attendance = useSetAttendance(meeting.id);
  const carry = useCarryOverActionItems(meeting.id);
  const send = useSendMeetingSummary(meeting.id);
  const [agenda, setAgenda] = useState(() => (summary?.agenda ?? []).join('\n'));
  const [notes, setNotes] = useState(summary?.notes ?? '');
  const [decisions, setDecisions] = useState(() => (summary?.decisions ?? []).join('\n'));
  const memberName = (memberId: string | null) => {
    const member = members.find((candidate) => candidate.member_id === memberId);
    return member ? member.name || member.email : null;
  };
  const people: ExportPeople = {
    attendee: (attendee) =>
      memberName(attendee.member_id) ??
      attendee.participant?.name ??
      attendee.participant?.email ??
      t('summary.unknownPerson'),
    member: memberName,
    date: (dateKey) => formatDate(`${dateKey}T12:00:00Z`),
  };
  const when = t('time.range', {
    date: formatDate(meeting.starts_at),
    start: formatTime(meeting.starts_at),
    end: formatTime(meeting.ends_at),
  });
  const exportTexts: ExportTexts = {
    when,
    agenda: t('summary.agenda'),
    attendees: t('summary.attendees'),
    present: t('summary.present'),
    absent: t('summary.absent'),
    unknown: t('summary.notMarked'),
    notes: t('summary.notes'),
    decisions: t('summary.decisions'),
    actionItems: t('summary.actionItems'),
    owner: (name) => t('export.owner', { name }),
    due: (date) => t('export.due', { date }),
    done: t('items.done'),
    none: t('export.none'),
  };
  // The export is what is saved: what is typed but not saved yet is not in it.
  const fileName = `motereferat-${meeting.starts_at.slice(0, 10)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { agenda: lines(agenda), notes, decisions: lines(decisions) },
      { onSuccess: () => notify({ message: t('summary.saved'), tone: 'success' }) },
    );
  };
  const carryOver = () =>
    carry.mutate(undefined, {
      onSuccess: (count) => notify({ message: t('summary.carried', { count: count ?? 0 }), tone: 'success' }),
    });
  // What is saved goes, as for the export; asking again sends it as it then stands.
  const sendToAttendees = () =>
    send.mutate(undefined, { onSuccess: () => notify({ message: t('summary.sending'), tone: 'success' }) });
  const downloadPdf = async () => {
    const { downloadReceiptPdf } = await import('@/lib/receipts/download-receipt-pdf');
    await downloadReceiptPdf(fileName, meeting.title, summarySections(detail, exportTexts, people));
  };

  return (
    <div className={layout.form}>
      <p>{when}</p>
      <div className={layout.actions}>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            downloadFile(
              `${fileName}.md`,
              summaryMarkdown(detail, exportTexts, people),
              'text/markdown;charset=utf-8',
            )
          }
        >
          <Download size={16} aria-hidden="true" />
          {t('summary.markdown')}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void downloadPdf()}>
          <FileDown size={16} aria-hidden="true" />
          {t('summary.pdf')}
        </Button>
        <Button variant="secondary" size="sm" loading={send.isPending} onClick={sendToAttendees}>
          <Send size={16} aria-hidden="true" />
          {t('summary.send')}
        </Button>
      </div>
      <FormStatus error={send.error} />

      <section aria-labelledby="summary-notes" className={layout.section}>
        <h2 id="summary-notes">{t('summary.title')}</h2>
        <Form onSubmit={submit} aria-labelledby="summary-notes">
          <Textarea
            label={t('summary.agenda')}
            hint={t('summary.linesHint')}
            rows={4}
            value={agenda}
            onChange={(event) => setAgenda(event.target.value)}
          />
          <Textarea
            label={t('summary.notes')}
            rows={6}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <Textarea
            label={t('summary.decisions')}
            hint={t('summary.linesHint')}
            rows={4}
            value={decisions}
            onChange={(event) => setDecisions(event.target.value)}
          />
          <FormStatus error={save.error} />
          <div className={layout.actions}>
            <Button type="submit" loading={save.isPending}>
              {t('summary.save')}
            </Button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="summary-attendees" className={layout.section}>
        <h2 id="summary-attendees">{t('summary.attendees')}</h2>
        {attendees.length === 0 ? <p className={layout.muted}>{t('summary.noAttendees')}</p> : null}
        <ul className={styles.facts}>
          {attendees.map((attendee) => (
            <li key={attendee.id}>
              <label className={styles.checkbox}>
                <input
                  type="checkbox"
                  checked={attendee.present === true}
                  onChange={(event) =>
                    attendance.mutate({ attendeeId: attendee.id, present: event.target.checked })
                  }
                />
                {people.attendee(attendee)}:{' '}
                {attendee.present === true
                  ? t('summary.present')
                  : attendee.present === false
                    ? t('summary.absent')
                    : t('summary.notMarked')}
              </label>
            </li>
          ))}
        </ul>
        <FormStatus error={attendance.error} />
      </section>

      <section aria-labelledby="summary-items" className={layout.section}>
        <div className={layout.header}>
          <h2 id="summary-items">{t('summary.actionItems')}</h2>
          <Button variant="secondary" size="sm" loading={carry.isPending} onClick={carryOver}>
            <History size={16} aria-hidden="true" />
            {t('summary.carryOver')}
          </Button>
        </div>
        <FormStatus error={carry.error} />
        {actionItems.map((item, index) => (
          <ActionItemRow
            key={`${item.id}-${item.done_at ?? ''}`}
            organizationId={organizationId}
            meetingId={meeting.id}
            members={members}
            item={item}
            number={index + 1}
          />
        ))}
        <ActionItemRow
          organizationId={organizationId}
          meetingId={meeting.id}
          members={members}
          item={null}
          number={actionItems.length + 1}
        />
      </section>
    </div>
  );
}
