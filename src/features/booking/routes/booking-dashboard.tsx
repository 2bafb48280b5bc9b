import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EditorPage } from '@/components/editor-page';
import { SectionTabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useSectionParam } from '@/lib/use-section-param';
import { bookingSolutionQueryOptions } from '../api/get-booking-solution';
import type { BookingSolutionSetup } from '../api/types';
import { BookingsSection } from '../components/bookings/bookings-section';
import { CalendarSection } from '../components/calendar/calendar-section';
import { FiguresSection } from '../components/figures/figures-section';
import { SetupSection } from '../components/setup/setup-section';
import { ShareSection } from '../components/share/share-section';

const SECTIONS = ['bestillinger', 'kalender', 'tall', 'oppsett', 'del'] as const;

function SolutionTabs({ solution }: { solution: BookingSolutionSetup }) {
  const { t, i18n } = useTranslation('booking');
  const role = useCurrentOrganization()?.role;
  const canManage = role === 'owner' || role === 'admin';
  const [section, setSection] = useSectionParam(SECTIONS, [], { name: 'fane' });
  // After the root's title for the route: each section names itself.
  useDocumentTitle(`${t(`dashboard.sections.${section}`)} · ${solution.name} · ${i18n.t('appName')}`);

  return (
    <SectionTabs
      label={t('dashboard.sections.label')}
      sections={SECTIONS}
      value={section}
      onValueChange={setSection}
      labelOf={(value) => t(`dashboard.sections.${value}`)}
      render={(value) =>
        value === 'bestillinger' ? (
          <BookingsSection solution={solution} canManage={canManage} />
        ) : value === 'kalender' ? (
          <CalendarSection solution={solution} canManage={canManage} />
        ) : value === 'tall' ? (
          <FiguresSection solution={solution} />
        ) : value === 'oppsett' ? (
          <SetupSection solution={solution} canManage={canManage} />
        ) : (
          <ShareSection solution={solution} />
        )
      }
    />
  );
}

/**
 * /booking-solutions/:id: one booking solution in five sections (`?fane=`): its bookings, the
 * calendar, the figures, the set-up and sharing with publishing.
 */
export default function BookingDashboardPage() {
  const { t } = useTranslation('booking');
  const { id = '' } = useParams();
  const solution = useQuery(bookingSolutionQueryOptions(id));
  const back = { to: paths.bookingSolutions, label: t('dashboard.back') };
  if (!solution.data)
    return <EditorPage back={back} loading={{ pending: solution.isPending, error: solution.error }} />;
  const data = solution.data;
  return (
    <EditorPage
      back={back}
      loading={null}
      title={data.name}
      summary={t(`status.${data.status}`)}
      preview={
        data.status === 'live' ? { to: `/booking/${data.id}`, label: t('dashboard.openPublic') } : undefined
      }
    >
      <SolutionTabs key={data.id} solution={data} />
    </EditorPage>
  );
}
