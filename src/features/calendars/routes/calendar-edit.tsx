import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EditorPage } from '@/components/editor-page';
import { SectionTabs } from '@/components/tabs';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSectionParam } from '@/lib/use-section-param';
import type { CalendarEditorData } from '../api/get-calendar';
import { DesignSection } from '../components/design-section';
import { DoorsSection } from '../components/doors-section';
import { DrawsSection } from '../components/draws-section';
import { PrizesSection } from '../components/prizes-section';
import { PublishPanel } from '../components/publish-panel';
import { RemindersSection } from '../components/reminders-section';
import { RulesSection } from '../components/rules-section';
import { ShareSection } from '../components/share-section';
import { StatisticsSection } from '../components/statistics-section';
import { StatusBadge } from '../components/status-badge';
import { useCalendarEditor } from '../hooks/use-calendar-editor';

const SECTIONS = ['doors', 'prizes', 'design', 'rules', 'reminders', 'draws', 'share', 'statistics'] as const;
type Section = (typeof SECTIONS)[number];

function sectionContent(section: Section, data: CalendarEditorData) {
  switch (section) {
    case 'doors':
      return <DoorsSection data={data} />;
    case 'prizes':
      return <PrizesSection data={data} />;
    case 'design':
      return <DesignSection data={data} />;
    case 'rules':
      return <RulesSection data={data} />;
    case 'reminders':
      return <RemindersSection calendar={data.calendar} />;
    case 'draws':
      return <DrawsSection data={data} />;
    case 'share':
      return <ShareSection calendar={data.calendar} />;
    case 'statistics':
      return <StatisticsSection data={data} />;
  }
}

/**
 * /calendar/:id/edit (calendar-edit): one page with the calendar's sections as tabs (arrow keys move
 * between them); the open section is `?section=` in the URL, so reloads and links keep it.
 */
export default function CalendarEditPage() {
  const { t } = useTranslation('calendars');
  const { id = '' } = useParams();
  const editor = useCalendarEditor(id);
  const [section, setSection] = useSectionParam(SECTIONS, ['door']);

  const back = { to: paths.calendars, label: t('editor.back') };
  if (!editor.data)
    return <EditorPage back={back} loading={{ pending: editor.isPending, error: editor.error }} />;
  const data = editor.data;
  const { calendar } = data;

  return (
    <EditorPage
      back={back}
      loading={null}
      title={calendar.name}
      summary={
        <>
          <StatusBadge status={calendar.calendar_status} />{' '}
          {t('editor.periodLine', {
            from: formatDate(`${calendar.starts_on}T12:00:00Z`),
            to: formatDate(`${calendar.ends_on}T12:00:00Z`),
            time: calendar.door_time.slice(0, 5),
          })}
        </>
      }
      preview={{ to: `/calendar/${calendar.id}/preview`, label: t('editor.preview') }}
    >
      <PublishPanel data={data} />
      <SectionTabs
        label={t('editor.sections')}
        sections={SECTIONS}
        value={section}
        onValueChange={setSection}
        labelOf={(value) => t(`editor.sectionNames.${value}`)}
        render={(value) => sectionContent(value, data)}
      />
    </EditorPage>
  );
}
