import type { ReceiptSection } from '@/lib/receipts/receipt-sections';
import type { MeetingDetail } from '../api/get-meetings';

/** The words an export needs, in the page's language (meetings:export.*). */
export type ExportTexts = {
  when: string;
  agenda: string;
  attendees: string;
  present: string;
  absent: string;
  unknown: string;
  notes: string;
  decisions: string;
  actionItems: string;
  owner: (name: string) => string;
  due: (date: string) => string;
  done: string;
  none: string;
};

export type ExportPeople = {
  /** An attendee's or owner's name. */
  attendee: (attendee: MeetingDetail['attendees'][number]) => string;
  member: (memberId: string | null) => string | null;
  date: (dateKey: string) => string;
};

const attendance = (present: boolean | null, texts: ExportTexts) =>
  present === true ? texts.present : present === false ? texts.absent : texts.unknown;

const itemLine = (item: MeetingDetail['actionItems'][number], texts: ExportTexts, people: ExportPeople) => {
  const owner = people.member(item.owner_id);
  return [
    item.title,
    owner ? texts.owner(owner) : null,
    item.due_on ? texts.due(people.date(item.due_on)) : null,
    item.done_at ? texts.done : null,
  ]
    .filter(Boolean)
    .join(' · ');
};

/** The summary as Markdown: title, time, agenda, attendees, notes, decisions and action items. */
export function summaryMarkdown(detail: MeetingDetail, texts: ExportTexts, people: ExportPeople): string {
  const { meeting, summary, attendees, actionItems } = detail;
  const list = (lines: readonly string[]) =>
    lines.length > 0 ? lines.map((line) => `- ${line}`) : [texts.none];
  return [
    `# ${meeting.title}`,
    '',
    texts.when,
    '',
    `## ${texts.agenda}`,
    ...list(summary?.agenda ?? []),
    '',
    `## ${texts.attendees}`,
    ...list(
      attendees.map((attendee) => `${people.attendee(attendee)}: ${attendance(attendee.present, texts)}`),
    ),
    '',
    `## ${texts.notes}`,
    summary?.notes.trim() ? summary.notes : texts.none,
    '',
    `## ${texts.decisions}`,
    ...list(summary?.decisions ?? []),
    '',
    `## ${texts.actionItems}`,
    ...(actionItems.length > 0
      ? actionItems.map((item) => `- [${item.done_at ? 'x' : ' '}] ${itemLine(item, texts, people)}`)
      : [texts.none]),
    '',
  ].join('\n');
}

/** Lines of at most `width` characters, broken between words: the PDF writer does not wrap. */
export function wrap(text: string, width = 90): string[] {
  return text.split('\n').flatMap((paragraph) => {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    return [...lines, line];
  });
}

/** The same summary as the receipts' PDF writer's sections. */
export function summarySections(
  detail: MeetingDetail,
  texts: ExportTexts,
  people: ExportPeople,
): ReceiptSection[] {
  const { summary, attendees, actionItems } = detail;
  const bullets = (lines: readonly string[]) =>
    lines.length > 0 ? lines.flatMap((line) => wrap(`• ${line}`)) : [texts.none];
  return [
    { text: [texts.when] },
    { heading: texts.agenda, text: bullets(summary?.agenda ?? []) },
    {
      heading: texts.attendees,
      rows: attendees.map((attendee) => [people.attendee(attendee), attendance(attendee.present, texts)]),
    },
    { heading: texts.notes, text: summary?.notes.trim() ? wrap(summary.notes) : [texts.none] },
    { heading: texts.decisions, text: bullets(summary?.decisions ?? []) },
    {
      heading: texts.actionItems,
      text:
        actionItems.length > 0
          ? actionItems.flatMap((item) =>
              wrap(`[${item.done_at ? 'x' : ' '}] ${itemLine(item, texts, people)}`),
            )
          : [texts.none],
    },
  ];
}
