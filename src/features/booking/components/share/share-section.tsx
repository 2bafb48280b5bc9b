import { useTranslation } from 'react-i18next';
import { PublishPanel } from '@/components/publish-panel';
import { ShareSection as SharedShareSection } from '@/components/share-section';
import { copyText } from '@/lib/copy-text';
import { embedSnippet } from '@/lib/public/embed-snippet';
import { usePublishSolution } from '../../api/solution-actions';
import type { BookingSolutionSetup } from '../../api/types';
import { publicBookingLink } from '../../utils/solution-figures';
import styles from '../booking.module.css';

/**
 * «Del»: publishing (a solution needs a service, a staff member who gives it and opening hours to
 * offer any time) and the public page `/booking/<id>` with its embed snippet.
 */
export function ShareSection({ solution }: { solution: BookingSolutionSetup }) {
  const { t } = useTranslation('booking');
  const publish = usePublishSolution();
  const origin = window.location.origin;
  const hasService = solution.services.some((service) => service.active);
  const hasStaff = solution.staffServices.length > 0;
  const hasHours = solution.availability.length > 0;
  const copy = (text: string) =>
    void copyText(text, { done: t('share.copied'), failed: t('share.copyFailed', { link: text }) });
  const gaps = [
    ...(hasService ? [] : [t('share.gapService')]),
    ...(hasStaff ? [] : [t('share.gapStaff')]),
    ...(hasHours ? [] : [t('share.gapHours')]),
  ];
  return (
    <div className={styles.section}>
      {solution.status !== 'archived' ? (
        <PublishPanel
          published={solution.status === 'live'}
          checks={[
            { done: hasService, label: t('share.checkService') },
            { done: hasStaff, label: t('share.checkStaff') },
            { done: hasHours, label: t('share.checkHours') },
          ]}
          blocked={null}
          pending={publish.isPending}
          error={publish.error}
          save={(publishedAt, done) =>
            publish.mutate({ solutionId: solution.id, publishedAt }, { onSuccess: done })
          }
          texts={t('share.publish', { returnObjects: true })}
          dialog={{
            gaps,
            texts: {
              ...t('share.dialog', { returnObjects: true }),
              title: t('share.dialog.title', { name: solution.name }),
            },
          }}
        />
      ) : (
        <p>{t('share.archived')}</p>
      )}
      <SharedShareSection
        link={publicBookingLink(origin, solution.id)}
        snippet={embedSnippet({
          origin,
          path: `/booking/iframe?id=${solution.id}`,
          dataAttribute: 'data-leadtorget-booking',
          title: solution.name,
        })}
        onCopy={copy}
        notice={solution.status !== 'live' ? <p>{t('share.draftNote')}</p> : null}
        texts={t('share.texts', { returnObjects: true })}
      />
    </div>
  );
}
