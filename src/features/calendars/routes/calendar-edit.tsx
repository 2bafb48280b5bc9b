import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import buttonStyles from '@/components/button.module.css';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { formatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSectionParam } from '@/lib/use-section-param';
import type { CalendarEditorData } from '../api/get-calendar';
import styles from '../components/calendars.module.css';
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

const SECONDARY_LINK = [buttonStyles.button, buttonStyles.secondary, buttonStyles.md].join(' ');

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

  if (!editor.data) {
    return (
      <div className={layout.page}>
        <Link to={paths.calendars}>{t('editor.back')}</Link>
        <FormStatus error={editor.error} />
        {editor.isPending ? <SkeletonText lines={8} /> : null}
      </div>
    );
  }
  const data = editor.data;
  const { calendar } = data;

  return (
    <div className={layout.page}>
      <Link to={paths.calendars}>{t('editor.back')}</Link>
      <div className={layout.header}>
        <div>
          <h1>{calendar.name}</h1>
          <p className={layout.muted}>
            <StatusBadge status={calendar.calendar_status} />{' '}
            {t('editor.periodLine', {
              from: formatDate(`${calendar.starts_on}T12:00:00Z`),
              to: formatDate(`${calendar.ends_on}T12:00:00Z`),
              time: calendar.door_time.slice(0, 5),
            })}
          </p>
        </div>
        <div className={styles.rowActions}>
          <Link className={SECONDARY_LINK} to={`/calendar/${calendar.id}/preview`}>
            {t('editor.preview')}
          </Link>
        </div>
      </div>
      <PublishPanel data={data} />
      <Tabs
        label={t('editor.sections')}
        value={section}
        onValueChange={setSection}
        items={SECTIONS.map((value) => ({
          value,
          label: t(`editor.sectionNames.${value}`),
          content: value === section ? sectionContent(value, data) : null,
        }))}
      />
    </div>
  );
}
