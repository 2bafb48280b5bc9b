import { useTranslation } from 'react-i18next';
import layout from '@/components/page.module.css';
import { SectionTabs } from '@/components/tabs';
import { useCurrentOrganization } from '@/lib/account/api/get-current-organization';
import { useDocumentTitle } from '@/lib/public/use-document-title';
import { useSectionParam } from '@/lib/use-section-param';
import { CouponsSection } from '../components/catalog/coupons-section';
import { ProductsSection } from '../components/catalog/products-section';
import { CheckoutsSection } from '../components/list/checkouts-section';

/** The tabs of /checkouts, as `?fane=`: the checkouts (the default), the products, the discount codes. */
const SECTIONS = ['kasser', 'produkter', 'rabattkoder'] as const;

/** /checkouts: the checkout builder's lists, one tab each, every tab with its own document title. */
export default function CheckoutListPage() {
  const { t } = useTranslation('checkouts');
  const { t: common } = useTranslation('common');
  const organization = useCurrentOrganization();
  const organizationId = organization?.organizationId ?? '';
  const [section, setSection] = useSectionParam(SECTIONS, [], { name: 'fane' });
  useDocumentTitle(`${t(`list.sections.${section}`)} · ${common('appName')}`);

  return (
    <div className={layout.page}>
      <div className={layout.header}>
        <h1>{t('title')}</h1>
      </div>
      <SectionTabs
        label={t('list.sections.label')}
        sections={SECTIONS}
        value={section}
        onValueChange={setSection}
        labelOf={(value) => t(`list.sections.${value}`)}
        render={(value) =>
          value === 'produkter' ? (
            <ProductsSection organizationId={organizationId} />
          ) : value === 'rabattkoder' ? (
            <CouponsSection organizationId={organizationId} />
          ) : (
            <CheckoutsSection organizationId={organizationId} />
          )
        }
      />
    </div>
  );
}
