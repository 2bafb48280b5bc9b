import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/button';
import { Form } from '@/components/form';
import { FormStatus } from '@/components/form-status';
import { Input } from '@/components/input';
import { avatarProblem } from '@/lib/account/avatar';
import { takeReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session';
import { profileNameSchema, useCreateProfile } from '../api/create-profile';
import styles from '../components/auth.module.css';

/**
 * `/profile/register`: the guard sends a signed-in user here when no profile could be
 * made from the provider's metadata. Name (2–80) and an optional picture in the avatars bucket.
 */
export default function AuthProfileRegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const session = useSession();
  const userId = session?.user.id ?? '';
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();

  const save = useCreateProfile({
    onSuccess: () => void navigate(takeReturnTo(), { replace: true }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileNameSchema.safeParse(name);
    setNameError(parsed.success ? undefined : t('profileRegister.nameInvalid'));
    if (parsed.success && !fileError) save.mutate({ userId, name: parsed.data, file });
  };

  return (
    <div className={styles.page}>
      <h1>{t('profileRegister.title')}</h1>
      <p>{t('profileRegister.intro')}</p>
      <FormStatus error={save.error} />
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
