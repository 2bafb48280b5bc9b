import { useSignedUrl } from '@/lib/public/use-signed-url';
import { teamInitials } from '../../utils/team-initials';
import styles from './competition-public.module.css';

/** A team photo as the public reads give it (a media library object), or null. */
export type TeamPhoto = {
  path: string;
  thumbnail_path?: string | null;
  alt_text?: string | null;
} | null;

export type TeamAvatarProps = {
  name: string;
  photo?: TeamPhoto;
  size?: 'small' | 'medium' | 'large';
};

/** One of the avatar colour pairs (tokens), the same for a name every time. */
function toneOf(name: string): number {
  let sum = 0;
  for (const char of name) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return sum % 6;
}

/**
 * A team's picture: its photo when it has one, else its initials on a colour chosen by its name.
 * Decorative: the team's name always stands beside it.
 */
export function TeamAvatar({ name, photo, size = 'medium' }: TeamAvatarProps) {
  const url = useSignedUrl(photo?.thumbnail_path ?? photo?.path);
  const className = `${styles.avatar} ${styles[`avatar-${size}`]}`;
  if (url) return <img className={className} src={url} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={className} data-tone={toneOf(name)} aria-hidden="true">
      {teamInitials(name)}
    </span>
  );
}
