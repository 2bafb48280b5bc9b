import { keyRoots } from '@/lib/api/key-roots';

/**
 * A form's results: under the form's own key (`forms`, `form`, id), so whatever refreshes the form
 * refreshes its results too.
 */
export const formResultKeys = {
  all: (formId: string) => [...keyRoots.forms, 'form', formId, 'results'] as const,
  versions: (formId: string) => [...formResultKeys.all(formId), 'versions'] as const,
  rows: (formId: string) => [...formResultKeys.all(formId), 'rows'] as const,
  dropoff: (formId: string, versionId: string | null) =>
    [...formResultKeys.all(formId), 'dropoff', versionId] as const,
  uploads: (formId: string, uploadIds: readonly string[]) =>
    [...formResultKeys.all(formId), 'uploads', ...uploadIds] as const,
};
