import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import buttonStyles from '@/components/button.module.css';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { SkeletonText } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import { formatDate, formatNumber } from '@/lib/format';
import { useSectionParam } from '@/lib/use-section-param';
import type { CompetitionEditorData } from '../api/get-competition';
import styles from '../components/competitions.module.css';
import { DesignSection } from '../components/design-section';
import { DetailsSection } from '../components/details-section';
import { GroupsSection } from '../components/groups-section';
import { JoiningSection } from '../components/joining-section';
import { LimitsSection } from '../components/limits-section';
import { ModerationSection } from '../components/moderation-section';
import { PrizesSection } from '../components/prizes-section';
import { PublishPanel } from '../components/publish-panel';
import { RulesSection } from '../components/rules-section';
import { ShareSection } from '../components/share-section';
import { StatisticsSection } from '../components/statistics-section';
import { StatusBadge } from '../components/status-badge';
import { useCompetitionEditor } from '../hooks/use-competition-editor';
import { useCompetitionLinks } from '../hooks/use-competition-links';

const SECTIONS = [
  'details',
  'design',
  'groups',
  'rules',
  'joining',
  'limits',
  'prizes',
  'share',
  'statistics',
  'moderation',
] as const;
type Section = (typeof SECTIONS)[number];

const SECONDARY_LINK = [buttonStyles.button, buttonStyles.secondary, buttonStyles.md].join(' ');
const day = (key: string) => formatDate(`${key}T12:00:00Z`);

function sectionContent(section: Section, data: CompetitionEditorData, prizes: CampaignPrize[]) {
  const { competition } = data;
  switch (section) {
    case 'details':
      return <DetailsSection competition={competition} />;
    case 'design':
      return <DesignSection competition={competition} />;
    case 'groups':
      return <GroupsSection data={data} />;
    case 'rules':
      return <RulesSection competition={competition} prizes={prizes} />;
    case 'joining':
      return <JoiningSection competition={competition} />;
    case 'limits':
      return <LimitsSection competition={competition} />;
    case 'prizes':
      return <PrizesSection competition={competition} prizes={prizes} />;
    case 'share':
      return <ShareSection competition={competition} />;
    case 'statistics':
      return <StatisticsSection competition={competition} />;
    case 'moderation':
      return <ModerationSection data={data} />;
  }
}

/**
 * /fyllopp/:id/edit (fyllopp-edit; /:id/edit on the competition host): one page with the
 * competition's sections as tabs (arrow keys move between them, the bar scrolls on phones); the open
 * section is `?section=` in the URL, so reloads and links keep it.
 */
export default function CompetitionEditPage() {
  const { t } = useTranslation('competitions');
  const { id = '' } = useParams();
  const links = useCompetitionLinks();
  const editor = useCompetitionEditor(id);
  const [section, setSection] = useSectionParam(SECTIONS);

  if (!editor.data) {
    return (
      <div className={layout.page}>
        <Link to={links.list}>{t('editor.back')}</Link>
        <FormStatus error={editor.error} />
        {editor.isPending ? <SkeletonText lines={8} /> : null}
      </div>
    );
  }
  const data = editor.data;
  const { competition } = data;

  return (
    <div className={layout.page}>
      <Link to={links.list}>{t('editor.back')}</Link>
      <div className={layout.header}>
        <div>
          <h1>{competition.name}</h1>
          <p className={layout.muted}>
            <StatusBadge status={competition.competition_status} />{' '}
            {t('editor.periodLine', {
              from: day(competition.starts_on),
              to: day(competition.ends_on),
              goal: formatNumber(competition.goal),
              unit: competition.unit,
            })}
          </p>
        </div>
        <div className={styles.rowActions}>
          <Link className={SECONDARY_LINK} to={links.preview(competition.id)}>
            {t('editor.preview')}
          </Link>
        </div>
      </div>
      <PublishPanel data={data} prizes={editor.prizes} />
      <Tabs
        label={t('editor.sections')}
        value={section}
        onValueChange={setSection}
        items={SECTIONS.map((value) => ({
          value,
          label: t(`editor.sectionNames.${value}`),
          content: value === section ? sectionContent(value, data, editor.prizes) : null,
        }))}
      />
    </div>
  );
}
