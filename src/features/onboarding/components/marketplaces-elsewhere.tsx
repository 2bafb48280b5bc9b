import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { marketplacesElsewhereQueryOptions } from '../api/get-marketplaces-elsewhere';
import { doorUrlAt } from '../utils/door';

/** Links to the marketplaces' own hosts, where their join pages live. */
export function MarketplacesElsewhere({ host }: { host: string }) {
  const { t } = useTranslation('onboarding');
  const elsewhere = useQuery(marketplacesElsewhereQueryOptions(host));
  if (!elsewhere.data?.length) return null;
  return (
    <section aria-labelledby="join-elsewhere">
      <h2 id="join-elsewhere">{t('join.elsewhere')}</h2>
      <ul>
        {elsewhere.data.map((marketplace) => (
          <li key={marketplace.host}>
            <a href={doorUrlAt(marketplace.host)}>{t('join.elsewhereLink', { name: marketplace.name })}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
