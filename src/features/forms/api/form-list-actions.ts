import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json } from '@/lib/database.types';
import { unwrap } from '@/lib/errors';
import type { FormDefinition } from '@/lib/forms/engine';
import { supabase } from '@/lib/supabase';
import { formKeys } from './keys';

/** A new draft form (its campaign, settings and version 1) from a template or blank; answers its id. */
export function useCreateForm(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, definition }: { name: string; definition: FormDefinition }) =>
      unwrap(
        await supabase.rpc('create_form', {
          input_organization_id: organizationId,
          input_name: name,
          input_definition: definition as unknown as Json,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.lists(organizationId) }),
  });
}

/** A copy «<name> (kopi)» as a new draft; answers its id. */
export function useDuplicateForm(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (formId: string) =>
      unwrap(await supabase.rpc('duplicate_form', { input_form_id: formId })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.lists(organizationId) }),
  });
}

/** Archives a form: the public page stops answering, the responses stay. */
export function useArchiveForm(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (formId: string) => {
      unwrap(
        await supabase
          .from('forms')
          .update({ archived_at: new Date().toISOString() })
          .eq('id', formId)
          .select('id')
          .single(),
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formKeys.lists(organizationId) }),
  });
}
