import { useTranslation } from 'react-i18next';
import { Card } from '@/components/card';
import layout from '@/components/page.module.css';
import { SiteList } from './site-list';
import { SnippetHowTo } from './snippet-howto';

/** The list page's «Nettsteder»: the organization's sites and their tags, without opening a popup. */
export function SitesPanel({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('popups');
  return (
    <Card title={t('sites.title')}>
      <div className={layout.form}>
        <p className={layout.muted}>{t('sites.panelIntro')}</p>
        <SiteList organizationId={organizationId} />
        <SnippetHowTo />
      </div>
    </Card>
  );
}
