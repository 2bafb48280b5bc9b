import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { notify } from '@/components/notification-store';
import styles from '@/components/page.module.css';
import { profileQueryOptions } from '@/lib/account/api/get-profile';
import { avatarProblem, AVATAR_TYPES } from '@/lib/account/avatar';
import { useSaveProfile } from '../api/save-profile';
import { profileNameSchema } from '../schemas';
import accountStyles from './account.module.css';

type NameError = 'profile.nameRequired' | 'profile.nameTooLong';

/** «Profil»: name and picture (uploaded to the avatars bucket when saved). */
export function ProfileSection({ userId }: { userId: string }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const profile = useQuery(profileQueryOptions(userId));
  if (!profile.data) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('profile.heading')}</h2>
      <ProfileForm key={profile.data.id} userId={userId} name={profile.data.name} img={profile.data.img} />
    </section>
  );
}

function ProfileForm({ userId, name: savedName, img }: { userId: string; name: string; img: string | null }) {
  const { t } = useTranslation('account');
  const [name, setName] = useState(savedName);
  const [nameError, setNameError] = useState<NameError | null>(null);
  const [pictureError, setPictureError] = useState<'profile.pictureType' | 'profile.pictureSize' | null>(
    null,
  );
  const [picture, preview, setPicture] = usePicture();

  const save = useSaveProfile();

  function choosePicture(file: File | undefined) {
    if (!file) return;
    const problem = avatarProblem(file);
    setPictureError(
      problem === 'type' ? 'profile.pictureType' : problem === 'size' ? 'profile.pictureSize' : null,
    );
    setPicture(problem ? null : file);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError((parsed.error.issues[0]?.message ?? 'profile.nameRequired') as NameError);
      return;
    }
    setNameError(null);
    if (pictureError) return;
    save.mutate(
      { userId, name: parsed.data, picture, img },
      {
        onSuccess: () => {
          setPicture(null);
          notify({ message: t('profile.saved'), tone: 'success' });
        },
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Input
        label={t('profile.name')}
        name="name"
        autoComplete="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError ? t(nameError) : undefined}
        required
      />
      {preview ? (
        <img className={accountStyles.avatar} src={preview} alt={t('profile.preview')} />
      ) : img ? (
        <img className={accountStyles.avatar} src={img} alt={t('profile.currentPicture')} />
      ) : null}
      <Input
        label={t('profile.picture')}
        hint={t('profile.pictureHint')}
        type="file"
        name="picture"
        accept={Object.keys(AVATAR_TYPES).join(',')}
        onChange={(event) => choosePicture(event.target.files?.[0])}
        error={pictureError ? t(pictureError) : undefined}
      />
      <FormStatus error={save.error} />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {t('profile.save')}
        </Button>
      </div>
    </form>
  );
}

/** The chosen picture and an object URL to preview it, released when replaced or unmounted. */
function usePicture(): [File | null, string | null, (file: File | null) => void] {
  const [state, setState] = useState<{ file: File; url: string } | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  function choose(file: File | null) {
    if (current.current) URL.revokeObjectURL(current.current);
    const url = file ? URL.createObjectURL(file) : null;
    current.current = url;
    setState(file && url ? { file, url } : null);
  }
  return [state?.file ?? null, state?.url ?? null, choose];
}
