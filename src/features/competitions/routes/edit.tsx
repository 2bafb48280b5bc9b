import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EditorPage } from '@/components/editor-page';
import { SectionTabs } from '@/components/tabs';
import type { CampaignPrize } from '@/lib/campaign/api/get-prizes';
import { formatDate, formatNumber } from '@/lib/format';
import { useSectionParam } from '@/lib/use-section-param';
import type { CompetitionEditorData } from '../api/get-competition';
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

const day = (key: string) => formatDate(`${key}T12:00:00Z`);

function sectionContent(section: Section, data: CompetitionEditorData, prizes: CampaignPrize[]) {
  const { competition } = data;
  switch (section) {
    case 'details':
      return <DetailsSection competition={competition} />;
    case 'design':
      return <DesignSection competition={competition} media={data.media} />;
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

  const back = { to: links.list, label: t('editor.back') };
  if (!editor.data)
    return <EditorPage back={back} loading={{ pending: editor.isPending, error: editor.error }} />;
  const data = editor.data;
  const { competition } = data;

  return (
    <EditorPage
      back={back}
      loading={null}
      title={competition.name}
      summary={
        <>
          <StatusBadge status={competition.competition_status} />{' '}
          {t('editor.periodLine', {
            from: day(competition.starts_on),
            to: day(competition.ends_on),
            goal: formatNumber(competition.goal),
            unit: competition.unit,
          })}
        </>
      }
      preview={{ to: links.preview(competition.id), label: t('editor.preview') }}
    >
      <PublishPanel data={data} prizes={editor.prizes} />
      <SectionTabs
        label={t('editor.sections')}
        sections={SECTIONS}
        value={section}
        onValueChange={setSection}
        labelOf={(value) => t(`editor.sectionNames.${value}`)}
        render={(value) => sectionContent(value, data, editor.prizes)}
      />
    </EditorPage>
  );
}
