import { useTranslation } from 'react-i18next';

/**
 * The wordmark: the mark (public/logo-mark.svg, also the favicon) and the product's name in the
 * typeface. The mark is a file, not inline SVG, so the sign-in page's JavaScript does not carry it;
 * it is decorative, the name beside it is the text.
 */
export function Logo() {
  const { t } = useTranslation();
  return (
    <>
      <img src="/logo-mark.svg" alt="" width={28} height={28} />
      {t('appName')}
    </>
  );
}
