import { osloDate } from '@/lib/public/oslo-time';
import { publicRpc } from '@/lib/public/public-rpc';
import { usePublicLoad } from '@/lib/public/use-public-load';
import { useSignedUrl } from '@/lib/public/use-signed-url';
import styles from './competition-public.module.css';
import { useAmount, useCompetitionTexts } from './page-texts';

type TeamPhoto = { path: string; name: string; amount: number; on_date: string; created_at: string };

function Photo({ photo, unit }: { photo: TeamPhoto; unit: string }) {
  const { t, language } = useCompetitionTexts();
  const amount = useAmount();
  const url = useSignedUrl(photo.path, 'campaign-uploads');
  const date = osloDate(photo.on_date, language);
  return (
    <li>
      <figure>
        {url ? (
          <a href={url} target="_blank" rel="noreferrer">
            <img
              src={url}
              alt={t('team.photoAlt', { name: photo.name, amount: amount(photo.amount, unit), date })}
              loading="lazy"
              decoding="async"
            />
          </a>
        ) : null}
        <figcaption className={styles.rowMeta}>{photo.name}</figcaption>
      </figure>
    </li>
  );
}

/**
 * The photos a team's members sent with their progress, newest first (at most 12, only of entries
 * that count, frozen like the figures); nothing at all while there are none.
 */
export function TeamPhotos({
  competitionId,
  teamId,
  unit,
}: {
  competitionId: string;
  teamId: string;
  unit: string;
}) {
  const { t } = useCompetitionTexts();
  const { state } = usePublicLoad(
    (signal) =>
      publicRpc<TeamPhoto[]>(
        'competition_team_photos',
        { input_competition_id: competitionId, input_team_id: teamId },
        { signal },
      ),
    `${competitionId}/${teamId}`,
  );
  if (state.status !== 'ready' || state.data.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby="photos-heading">
      <h2 className={styles.heading} id="photos-heading">
        {t('team.photos')}
      </h2>
      <ul className={styles.photos}>
        {state.data.map((photo) => (
          <Photo key={photo.path} photo={photo} unit={unit} />
        ))}
      </ul>
    </section>
  );
}
