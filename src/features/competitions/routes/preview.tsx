import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DateField } from '@/components/date-field';
import { FormStatus } from '@/components/form-status';
import layout from '@/components/page.module.css';
import { PublicPage } from '@/components/public/public-page';
import { SkeletonText } from '@/components/skeleton';
import { osloDateKey } from '@/lib/format';
import { currentHostname, hostKindOf } from '@/lib/host';
import { competitionPreviewQueryOptions } from '../api/preview-competition';
import { PublicPreview } from '../components/public-preview';
import styles from '../components/public-preview.module.css';
import { competitionPaths } from '../utils/competition-paths';
import { competitionDesignVariables } from '../utils/public-design';

/**
 * /fyllopp/:id/preview (fyllopp-preview; `/:id/preview` on the competition host): the public pages as
 * they will look, drafts included, at a test date of the member's choosing («Vis som dato»). Drawn by
 * the public pages' own pieces; nothing here writes.
 */
export default function CompetitionPreviewPage() {
  const { t } = useTranslation('member', { keyPrefix: 'competitionPreview' });
  const { id = '' } = useParams();
  const paths = competitionPaths(hostKindOf(currentHostname()));
  const query = useQuery(competitionPreviewQueryOptions(id));
  const [date, setDate] = useState(() => osloDateKey(new Date()));
  const data = query.data;

  if (!data)
    return (
      <div className={layout.page}>
        <Link to={paths.edit(id)}>{t('back')}</Link>
        <FormStatus error={query.error} />
        {query.isPending ? <SkeletonText lines={6} /> : null}
      </div>
    );

  // Noon of the test day: the period's edges are midnights, so noon is plainly inside or outside.
  const at = date ? new Date(`${date}T12:00:00Z`) : new Date();
  return (
    <div className={layout.page}>
      <Link to={paths.edit(id)}>{t('back')}</Link>
      <h1>
        {t('title')}: {data.competition.name}
      </h1>
      <form onSubmit={(event) => event.preventDefault()}>
        <h2>{t('testDate')}</h2>
        <p className={layout.muted}>{t('testDateHint')}</p>
        <DateField label={t('testDate')} value={date} onChange={setDate} />
      </form>
      <p>{t('note')}</p>
      {data.competition.status === 'draft' ? <p>{t('draft')}</p> : null}
      <div className={styles.frame}>
        <PublicPage framed variables={competitionDesignVariables(data.competition.design)}>
          <PublicPreview competition={data.competition} teams={data.teams} at={at} />
        </PublicPage>
      </div>
    </div>
  );
}
