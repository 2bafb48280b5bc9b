import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in form screens: the organization's list and one form's builder. */
export const formKeys = {
  all: keyRoots.forms,
  lists: (organizationId: string) => [...keyRoots.forms, 'list', organizationId] as const,
  form: (formId: string) => [...keyRoots.forms, 'form', formId] as const,
  quotas: (formId: string) => [...formKeys.form(formId), 'quotas'] as const,
  notify: (formId: string, organizationId: string) =>
    [...formKeys.form(formId), 'notify', organizationId] as const,
};
