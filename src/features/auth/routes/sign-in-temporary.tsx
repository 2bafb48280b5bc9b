import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FormStatus } from '@/components/form-status';
import { Spinner } from '@/components/spinner';
import { paths } from '@/lib/paths';
import { resumeSignInQueryOptions } from '../api/resume-sign-in';
import styles from '../components/auth.module.css';
import { MfaStep } from '../components/mfa-step';

/**
 * `/auth/{temporaryId}?token_hash=…`: finishes a magic-link sign-in requested through
 * request-magic-link. Why the target is stored server-side, and why the verification is a query
 * that is never retried: api/resume-sign-in.ts.
 */
export default function AuthSignInTemporaryPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { temporaryId = '' } = useParams();
  const [search] = useSearchParams();
  const tokenHash = search.get('token_hash') ?? '';
  const resume = useQuery(resumeSignInQueryOptions(temporaryId, tokenHash));

  if (!tokenHash || resume.isError) {
    return (
      <div className={styles.page}>
        <h1>{t('signIn.title')}</h1>
        {tokenHash ? (
          <>
            <p>{t('temporary.failed')}</p>
            <FormStatus error={resume.error} />
          </>
        ) : (
          <FormStatus tone="error">{t('temporary.missingToken')}</FormStatus>
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
