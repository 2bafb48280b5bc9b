import type { ReactNode } from 'react';
import { Button } from './button';
import layout from './page.module.css';
import styles from './share-section.module.css';
import { Textarea } from './textarea';

export type ShareSectionTexts = {
  hosted: string;
  hostedHint: string;
  copyLink: string;
  embed: string;
  embedHint: string;
  copyCode: string;
};

/**
 * A campaign's hosted link and its iframe snippet, each with a copy button; the words are the area's
 * and `notice` (e.g. «not published yet») comes first.
 */
export function ShareSection({
  link,
  snippet,
  texts,
  onCopy,
  notice,
}: {
  link: string;
  snippet: string;
  texts: ShareSectionTexts;
  onCopy: (text: string) => void;
  notice?: ReactNode;
}) {
  return (
    <div className={layout.form}>
      {notice}
      <section aria-labelledby="share-hosted" className={layout.form}>
        <h3 id="share-hosted">{texts.hosted}</h3>
        <p className={layout.muted}>{texts.hostedHint}</p>
        <code className={styles.code} id="share-link">
          {link}
        </code>
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => onCopy(link)} aria-describedby="share-link">
            {texts.copyLink}
          </Button>
        </div>
      </section>
      <section aria-labelledby="share-embed" className={layout.form}>
        <h3 id="share-embed">{texts.embed}</h3>
        <p className={layout.muted}>{texts.embedHint}</p>
        <Textarea
          label={texts.embed}
          hideLabel
          readOnly
          rows={14}
          className={styles.mono}
          value={snippet}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className={layout.actions}>
          <Button variant="secondary" onClick={() => onCopy(snippet)}>
            {texts.copyCode}
          </Button>
        </div>
      </section>
    </div>
  );
}
