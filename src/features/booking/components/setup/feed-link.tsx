import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import editor from '@/components/editor.module.css';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import layout from '@/components/page.module.css';
import { useIssueFeedToken } from '../../api/save-setup';
import { feedUrls } from '../../utils/feed-urls';

/**
 * «Privat kalenderlenke»: a new feed link for the staff member, shown once with copy buttons; a new
 * link ends the old one, which the button says before it is pressed.
 */
export function FeedLink({ staffId }: { staffId: string }) {
  const { t } = useTranslation('booking');
  const issue = useIssueFeedToken();
  const urls = issue.data ? feedUrls(issue.data) : null;
  const copy = async (text: string) => {
    await navigator.clipboard.writeText(text);
    notify({ message: t('setup.feed.copied'), tone: 'success' });
  };
  return (
    <fieldset className={editor.fieldset}>
      <legend>{t('setup.feed.title')}</legend>
      <p id={`feed-warning-${staffId}`} className={layout.muted}>
        {t('setup.feed.warning')}
      </p>
      {urls ? (
        <>
          {(['https', 'webcal'] as const).map((kind) => (
            <div key={kind} className={layout.actions}>
              <Input label={t(`setup.feed.${kind}`)} value={urls[kind]} readOnly />
              <Button type="button" variant="secondary" onClick={() => void copy(urls[kind])}>
                <Copy aria-hidden /> {t('setup.feed.copy', { kind: t(`setup.feed.${kind}`) })}
              </Button>
            </div>
          ))}
          <p role="status">{t('setup.feed.once')}</p>
        </>
      ) : null}
      <div>
        <Button
          type="button"
          variant="secondary"
          loading={issue.isPending}
          aria-describedby={`feed-warning-${staffId}`}
          onClick={() => issue.mutate(staffId)}
        >
          {t('setup.feed.issue')}
        </Button>
      </div>
      <FormStatus error={issue.error} />
    </fieldset>
  );
}
