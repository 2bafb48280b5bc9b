import { useQuery } from '@tanstack/react-query';
import { Palette } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isCompleteBrand,
  organizationBrandQueryOptions,
  type BrandColourSet,
} from '@/lib/organization-brand/api/get-brand';
import { Button } from './button';

/**
 * «Bruk organisasjonens farger» in a campaign's design editor: hands the organization's brand colours
 * (set on /organization) to `onUse`; nothing shows while the organization has none.
 */
export function BrandColoursButton({
  organizationId,
  onUse,
}: {
  organizationId: string;
  onUse: (brand: BrandColourSet) => void;
}) {
  const { t } = useTranslation('member');
  const hintId = useId();
  const brand = useQuery(organizationBrandQueryOptions(organizationId));
  if (!isCompleteBrand(brand.data)) return null;
  const colours = brand.data;
  return (
    <p>
      <Button variant="secondary" size="sm" aria-describedby={hintId} onClick={() => onUse(colours)}>
        <Palette aria-hidden="true" />
        {t('brandColours.use')}
      </Button>{' '}
      <span id={hintId}>{t('brandColours.hint', colours)}</span>
    </p>
  );
}
