import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { paths } from '@/lib/paths';
import { takeReturnTo } from '@/lib/return-to';
import { assurance, authKeys, resumeSignIn } from '../api/auth-api';
import styles from '../components/auth.module.css';
import { FormError } from '../components/form-parts';
import { MfaStep } from '../components/mfa-step';

/**
 * `/auth/{temporaryId}?token_hash=…`: finishes a magic-link sign-in requested through
 * request-magic-link. The design (why the target is stored server-side) is in resumeSignIn.
 * The one-time verification runs as a query (deduplicated, never retried), so a double mount
 * cannot spend the link twice.
 */
export default function AuthSignInTemporaryPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { temporaryId = '' } = useParams();
  const [search] = useSearchParams();
  const tokenHash = search.get('token_hash') ?? '';
  const resume = useQuery({
    queryKey: authKeys.signInRequest(temporaryId, tokenHash),
    queryFn: async () => {
      const target = await resumeSignIn(temporaryId, tokenHash);
      takeReturnTo(); // used up: the claimed target (or it) is where we go now
      return { target, ...(await assurance()) };
    },
    enabled: Boolean(tokenHash && temporaryId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  if (!tokenHash || resume.isError) {
    return (
      <div className={styles.page}>
        <h1>{t('signIn.title')}</h1>
        {tokenHash ? (
          <>
            <p>{t('temporary.failed')}</p>
            <FormError error={resume.error} />
          </>
        ) : (
          <p role="alert" className={styles.error}>
            {t('temporary.missingToken')}
          </p>
        )}
        <Link to={paths.auth}>{t('temporary.newLink')}</Link>
      </div>
    );
  }
  if (resume.isPending) {
    return (
      <div className={styles.page}>
        <h1>{t('temporary.title')}</h1>
        <Spinner />
      </div>
    );
  }
  const { target, needsMfa } = resume.data;
  if (needsMfa) return <MfaStep onVerified={() => void navigate(target, { replace: true })} />;
  return <Navigate to={target} replace />;
}
