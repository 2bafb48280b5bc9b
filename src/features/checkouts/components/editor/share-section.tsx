import { useTranslation } from 'react-i18next';
import { ShareSection as SharedShareSection } from '@/components/share-section';
import { copyText } from '@/lib/copy-text';
import { embedSnippet } from '@/lib/public/embed-snippet';
import styles from './checkout-editor.module.css';

/** «Deling»: the hosted page `/kasse/<id>` and the iframe snippet for the seller's own site. */
export function ShareSection({
  checkoutId,
  name,
  published,
}: {
  checkoutId: string;
  name: string;
  published: boolean;
}) {
  const { t } = useTranslation('checkouts');
  const origin = window.location.origin;
  const copy = (text: string) =>
    void copyText(text, {
      done: t('editor.share.copied'),
      failed: t('editor.share.copyFailed', { link: text }),
    });
  return (
    <SharedShareSection
      link={`${origin}/kasse/${checkoutId}`}
      snippet={embedSnippet({
        origin,
        path: `/kasse/iframe?id=${checkoutId}`,
        dataAttribute: 'data-leadtorget-checkout',
        title: name,
      })}
      onCopy={copy}
      notice={!published ? <p className={styles.error}>{t('editor.share.draftNote')}</p> : null}
      texts={{
        hosted: t('editor.share.hosted'),
        hostedHint: t('editor.share.hostedHint'),
        copyLink: t('editor.share.copyLink'),
        embed: t('editor.share.embed'),
        embedHint: t('editor.share.embedHint'),
        copyCode: t('editor.share.copyCode'),
      }}
    />
  );
}
