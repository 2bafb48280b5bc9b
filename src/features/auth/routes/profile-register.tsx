import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod/mini';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { Input } from '@/components/input';
import { avatarProblem, uploadAvatar } from '@/lib/account/avatar';
import { createProfile } from '@/lib/account/mutations';
import { accountKeys, type Profile } from '@/lib/account/queries';
import { takeReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import styles from '../components/auth.module.css';
import { FormError } from '../components/form-parts';

const nameSchema = z.string().check(z.trim(), z.minLength(2), z.maxLength(80));

/**
 * `/profile/register` (spec §2): the guard sends a signed-in user here when no profile could be
 * made from the provider's metadata. Name (2–80) and an optional picture in the avatars bucket.
 */
export default function AuthProfileRegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session?.user.id ?? '';
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();

  const save = useMutation({
    meta: { silent: true },
    mutationFn: async (input: { name: string; file: File | null }): Promise<Profile> => {
      const img = input.file ? await uploadAvatar(userId, input.file) : null;
      await createProfile({ id: userId, name: input.name, img });
      return { id: userId, name: input.name, img };
    },
    onSuccess: async (profile) => {
      // The guard reads the profile with ensureQueryData, which keeps cached data however stale:
      // put the new profile in the cache, then let every reader refetch.
      queryClient.setQueryData(accountKeys.profile(userId), profile);
      await queryClient.invalidateQueries({ queryKey: accountKeys.profile(userId) });
      void navigate(takeReturnTo(), { replace: true });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = nameSchema.safeParse(name);
    setNameError(parsed.success ? undefined : t('profileRegister.nameInvalid'));
    if (parsed.success && !fileError) save.mutate({ name: parsed.data, file });
  };

  return (
    <div className={styles.page}>
      <h1>{t('profileRegister.title')}</h1>
      <p>{t('profileRegister.intro')}</p>
      <FormError error={save.error} />
      <Form className={styles.form} onSubmit={onSubmit}>
        <Input
          label={t('profileRegister.name')}
          name="name"
          autoComplete="name"
          required
          maxLength={80}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        <Input
          label={t('profileRegister.picture')}
          name="picture"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hint={t('profileRegister.pictureHint')}
          error={fileError}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            const problem = chosen ? avatarProblem(chosen) : null;
            setFile(problem ? null : chosen);
            setFileError(
              problem === 'type'
                ? t('profileRegister.pictureType')
                : problem === 'size'
                  ? t('profileRegister.pictureSize')
                  : undefined,
            );
          }}
        />
        <div className={styles.actions}>
          <Button type="submit" loading={save.isPending}>
            {t('profileRegister.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
