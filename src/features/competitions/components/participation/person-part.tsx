import { useEffect, useState } from 'react';
import { PageStatus } from '@/components/public/page-status';
import { ParticipationDeleted, ParticipationView } from '@/components/public/participation-view';
import ui from '@/components/public/public-ui.module.css';
import { participationMessages } from '@/lib/public/participation-texts';
import {
  createTranslate,
  failureText,
  PublicTextsProvider,
  type PublicTexts,
} from '@/lib/public/public-texts';
import { useParticipation } from '@/lib/public/use-participation';
import { useMeTexts } from './participation-texts';

type PersonPartProps = {
  token: string;
  /** Told once everything is deleted: the page drops the competition around it. */
  onDeleted: () => void;
};

/**
 * The engine's part of the page — everything the organization holds about the person, export,
 * withdrawing consent, deleting it all — loaded when asked for (src/app/public-routes.ts keeps the
 * page within its budget; most visits come to log progress).
 */
export default function PersonPart(props: PersonPartProps) {
  const outer = useMeTexts();
  const [texts, setTexts] = useState<PublicTexts | null>(null);
  // The engine's participation texts come with this part, not with the page: the page's own go first.
  useEffect(() => {
    let current = true;
    void participationMessages(outer.language, Promise.resolve({})).then((messages) => {
      if (!current) return;
      const engine = createTranslate(messages, outer.language);
      const t = Object.assign(
        (key: string, values?: Record<string, string | number>) =>
          outer.t.has(key) ? outer.t(key, values) : engine(key, values),
        { has: (key: string) => outer.t.has(key) || engine.has(key) },
      );
      setTexts({ t, language: outer.language });
    });
    return () => {
      current = false;
    };
  }, [outer]);
  if (!texts) return <p className={ui.panel}>{outer.t('me.loading')}</p>;
  return (
    <PublicTextsProvider value={texts}>
      <PersonView {...props} />
    </PublicTextsProvider>
  );
}

function PersonView({ token, onDeleted }: PersonPartProps) {
  const { t } = useMeTexts();
  const person = useParticipation(token);
  const deleted = person.deleted;
  useEffect(() => {
    if (deleted) onDeleted();
  }, [deleted, onDeleted]);
  if (deleted) return <ParticipationDeleted organization={deleted.organization} />;
  if (person.state.status !== 'ready')
    return (
      <PageStatus
        status={person.state.status === 'failed' ? { code: person.state.code } : 'loading'}
        loadingText={t('me.loading')}
        describe={(code) => failureText(t, code)}
        onRetry={person.reload}
      />
    );
  return (
    <ParticipationView
      participation={person.state.data}
      notice={person.notice}
      noticeRef={person.noticeRef}
      onWithdrawMarketing={person.withdrawMarketing}
      onWithdrawReminders={person.withdrawReminders}
      onDelete={person.deleteAll}
    />
  );
}
