import { useTranslation } from 'react-i18next';
import type { CalendarEditorData } from '../api/get-calendar';
import type { EditorDesign } from '../utils/editor-design';
import { designSampleMoment, previewCalendar } from '../utils/preview';
import { CalendarPublicPage } from './public/calendar-public-page';
import { CalendarView } from './public/calendar-view';

/**
 * The design tab's sample: the public calendar page itself (the same components as `/calendar/:id`)
 * in the design being edited, at a test date that shows past, today's and future doors.
 */
export function DesignPreview({
  data,
  design,
  backgroundUrl,
}: {
  data: CalendarEditorData;
  design: EditorDesign;
  backgroundUrl?: string | null;
}) {
  const { t } = useTranslation('calendars');
  const now = designSampleMoment(data);
  const { calendar } = previewCalendar(data, now, false, design);
  return (
    <section aria-labelledby="design-sample">
      <h3 id="design-sample">{t('design.sample')}</h3>
      <p>{t('design.sampleHint')}</p>
      <CalendarPublicPage design={design} backgroundUrl={backgroundUrl} framed>
        {/* Under the tab's own h1 and this section's h3: the calendar's name is a level below. */}
        <CalendarView calendar={calendar} now={now} titleAs="h4" />
      </CalendarPublicPage>
    </section>
  );
}
