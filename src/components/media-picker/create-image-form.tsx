import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import page from '@/components/page.module.css';
import { Textarea } from '@/components/textarea';
import { suggestAltText } from '@/lib/media/alt-text';
import { useCreateImage, type ImageStyle } from '@/lib/media/api/create-image';
import { deleteMedia } from '@/lib/media/api/delete-media';
import { useSignedMediaUrls } from '@/lib/media/api/sign-media-paths';
import { useUpdateMediaDetails } from '@/lib/media/api/update-media-details';
import { MAX_ALT_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_PROMPT_LENGTH } from '@/lib/media/limits';
import type { MediaRow } from '@/lib/media/types';
import styles from './media.module.css';
import { SegmentedChoice } from './segmented-choice';

const STYLES: readonly ImageStyle[] = ['vivid', 'natural'];

type CreateImageFormProps = {
  organizationId: string;
  /** The image the user kept, with its alt text saved. */
  onKept: (row: MediaRow) => void;
};

/**
 * «Lag bilde med KI»: describe, generate, look, then keep or try again. Only a kept image stays in
 * the library: trying again, or leaving without keeping, deletes the suggestion (the function has
 * already stored it, so the library would otherwise fill with rejects).
 */
export function CreateImageForm({ organizationId, onKept }: CreateImageFormProps) {
  const { t } = useTranslation('media');
  const [prompt, setPrompt] = useState('');
  const [negatives, setNegatives] = useState('');
  const [style, setStyle] = useState<ImageStyle>('vivid');
  const [promptError, setPromptError] = useState<string | null>(null);
  const [result, setResult] = useState<MediaRow | null>(null);
  const [altText, setAltText] = useState('');
  const createImage = useCreateImage();
  const updateDetails = useUpdateMediaDetails();
  const links = useSignedMediaUrls([result?.url]);
  const resultLink = result?.url ? links.get(result.url) : undefined;

  // A suggestion not kept when the form goes away is deleted, like «Prøv igjen» does.
  const unkept = useRef<MediaRow | null>(null);
  useEffect(
    () => () => {
      if (unkept.current) void deleteMedia(unkept.current).catch(() => undefined);
    },
    [],
  );

  const discardResult = async () => {
    const previous = unkept.current;
    unkept.current = null;
    setResult(null);
    if (previous) await deleteMedia(previous).catch(() => undefined);
  };

  const generate = async (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = prompt.trim();
    if (!trimmed) return setPromptError(t('ai.promptRequired'));
    if (trimmed.length > MAX_PROMPT_LENGTH) return setPromptError(t('ai.promptTooLong'));
    setPromptError(null);
    updateDetails.reset();
    await discardResult();
    createImage.mutate(
      { organizationId, prompt: trimmed, negatives, style },
      {
        onSuccess: (row) => {
          unkept.current = row;
          setResult(row);
          setAltText(suggestAltText(trimmed));
        },
      },
    );
  };

  const keep = () => {
    if (!result) return;
    updateDetails.mutate(
      { row: result, details: { name: prompt.trim().slice(0, MAX_NAME_LENGTH), altText } },
      {
        onSuccess: (row) => {
          unkept.current = null;
          setResult(null);
          onKept(row);
        },
      },
    );
  };

  return (
    <div className={page.form}>
      <form className={page.form} onSubmit={(event) => void generate(event)} noValidate>
        <Textarea
          label={t('ai.prompt')}
          hint={t('ai.promptHint')}
          error={promptError}
          value={prompt}
          rows={3}
          maxLength={MAX_PROMPT_LENGTH}
          required
          onChange={(event) => setPrompt(event.target.value)}
        />
        <Textarea
          label={t('ai.negatives')}
          hint={t('ai.negativesHint')}
          value={negatives}
          rows={2}
          maxLength={MAX_PROMPT_LENGTH}
          onChange={(event) => setNegatives(event.target.value)}
        />
        <SegmentedChoice
          legend={t('ai.style')}
          options={STYLES.map((value) => ({ value, label: t(`ai.${value}`) }))}
          value={style}
          onChange={setStyle}
        />
        <FormStatus error={createImage.error} />
        {createImage.isPending ? <FormStatus tone="info">{t('ai.generating')}</FormStatus> : null}
        {result ? null : (
          <div className={page.actions}>
            <Button type="submit" loading={createImage.isPending}>
              {t('ai.generate')}
            </Button>
          </div>
        )}
      </form>
      {result ? (
        <section className={page.form} aria-label={t('ai.result')}>
          {resultLink ? (
            <img className={styles.result} src={resultLink} alt={altText || t('ai.resultAlt')} />
          ) : null}
          <Textarea
            label={t('ai.altText')}
            hint={t('ai.altTextHint')}
            value={altText}
            rows={2}
            maxLength={MAX_ALT_TEXT_LENGTH}
            onChange={(event) => setAltText(event.target.value)}
          />
          <FormStatus error={updateDetails.error} />
          <p className={page.muted}>{t('ai.tryAgainHint')}</p>
          <div className={page.actions}>
            <Button variant="secondary" onClick={() => void generate()} disabled={updateDetails.isPending}>
              {t('ai.tryAgain')}
            </Button>
            <Button onClick={keep} loading={updateDetails.isPending}>
              {t('ai.keep')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
