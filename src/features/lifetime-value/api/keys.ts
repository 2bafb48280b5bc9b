import { keyRoots } from '@/lib/api/key-roots';
import type { ReportFilters } from './report-params';

/** The lifetime value screen: its reports (per filter), the customers, the campaigns and the imports. */
export const lifetimeValueKeys = {
  all: keyRoots.lifetimeValue,
  /** Every figure built from revenue: what an import, a deletion or a manual entry changes. */
  figures: () => [...keyRoots.lifetimeValue, 'figures'] as const,
  report: (filters: ReportFilters, churnDays: number) =>
    [...lifetimeValueKeys.figures(), 'report', filters, churnDays] as const,
  cohorts: (organizationId: string, from: string, to: string, basis: string, includeVat: boolean) =>
    [...lifetimeValueKeys.figures(), 'cohorts', organizationId, from, to, basis, includeVat] as const,
  customers: (filters: ReportFilters, search: string, offset: number) =>
    [...lifetimeValueKeys.figures(), 'customers', filters, search, offset] as const,
  marketplace: (organizationId: string, from: string, to: string, includeVat: boolean) =>
    [...lifetimeValueKeys.figures(), 'marketplace', organizationId, from, to, includeVat] as const,
  imports: (organizationId: string) => [...keyRoots.lifetimeValue, 'imports', organizationId] as const,
  campaigns: (organizationId: string) => [...keyRoots.lifetimeValue, 'campaigns', organizationId] as const,
};
