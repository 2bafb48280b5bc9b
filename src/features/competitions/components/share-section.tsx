import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ShareSection as SharedShareSection } from '@/components/share-section';
import { copyText } from '@/lib/copy-text';
import { embedSnippet } from '@/lib/public/embed-snippet';
import type { EditorCompetition } from '../api/get-competition';
import { useCompetitionLinks } from '../hooks/use-competition-links';
import styles from './competitions.module.css';

/** The competition's hosted link for this host, its iframe snippet and a link to the preview. */
export function ShareSection({ competition }: { competition: EditorCompetition }) {
  const { t } = useTranslation('competitions');
  const links = useCompetitionLinks();
  const origin = window.location.origin;
  const copy = (text: string) =>
    void copyText(text, { done: t('share.copied'), failed: t('share.copyFailed', { link: text }) });
  return (
    <SharedShareSection
      link={`${origin}${links.intro(competition.id)}`}
      snippet={embedSnippet({
        origin,
        path: links.iframe(competition.id),
        dataAttribute: 'data-leadtorget-competition',
        title: competition.name,
      })}
      onCopy={copy}
      notice={
        <>
          {!competition.published_at ? <p className={styles.warning}>{t('share.draftNote')}</p> : null}
          <p>
            <Link to={links.preview(competition.id)}>{t('share.preview')}</Link>
          </p>
        </>
      }
      texts={{
        hosted: t('share.hosted'),
        hostedHint: t('share.hostedHint'),
        copyLink: t('share.copyLink'),
        embed: t('share.embed'),
        embedHint: t('share.embedHint'),
        copyCode: t('share.copyCode'),
      }}
    />
  );
}
