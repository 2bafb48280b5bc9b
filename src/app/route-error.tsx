import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/error-message';
import styles from './layouts/layout.module.css';

/** Route-level error boundary: says what went wrong in Norwegian and offers to try again. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const message =
    isRouteErrorResponse(error) && error.status === 404 ? errorMessage('not-found') : errorMessage(error);

  return (
    <main className={styles.centered} id="main">
      <h1>{t('routeError.title')}</h1>
      <p role="alert">{message}</p>
      <Button onClick={() => void navigate(0)}>{t('routeError.retry')}</Button>
    </main>
  );
}
