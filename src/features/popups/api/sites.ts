import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { AppError, unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import { popupKeys } from './keys';

export type PopupSite = Pick<
  Tables<'popup_sites'>,
  'id' | 'domain' | 'include_subdomains' | 'site_key' | 'max_per_session' | 'max_per_day'
>;

export type SiteInput = Pick<PopupSite, 'domain' | 'include_subdomains' | 'max_per_session' | 'max_per_day'>;

/** The organization's registered sites, by domain. */
export const popupSitesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: popupKeys.sites(organizationId),
    queryFn: async (): Promise<PopupSite[]> =>
      unwrap(
        await supabase
          .from('popup_sites')
          .select('id, domain, include_subdomains, site_key, max_per_session, max_per_day')
          .eq('organization_id', organizationId)
          .order('domain'),
      ) ?? [],
  });

/** The sites, and the list (its «sites» column) after a site changes. */
function useInvalidateSites(organizationId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: popupKeys.sites(organizationId) }),
      queryClient.invalidateQueries({ queryKey: popupKeys.lists(organizationId) }),
    ]);
}

/** Registers a site (id null) or changes one; the database checks the domain (popup-site-invalid). */
export function useSaveSite(organizationId: string) {
  const invalidate = useInvalidateSites(organizationId);
  return useMutation({
    mutationFn: async ({ id, site }: { id: string | null; site: SiteInput }): Promise<PopupSite> => {
      const columns = 'id, domain, include_subdomains, site_key, max_per_session, max_per_day';
      const saved = unwrap(
        id
          ? await supabase.from('popup_sites').update(site).eq('id', id).select(columns).single()
          : await supabase
              .from('popup_sites')
              .insert({ ...site, organization_id: organizationId })
              .select(columns)
              .single(),
      );
      if (!saved) throw new AppError('not-found');
      return saved;
    },
    onSuccess: () => invalidate(),
  });
}

/**
 * Deletes a site (and so takes every popup off it). Only owners and admins may: row-level security
 * deletes nothing for a member, which is the refusal «forbidden» here.
 */
export function useDeleteSite(organizationId: string) {
  const invalidate = useInvalidateSites(organizationId);
  return useMutation({
    mutationFn: async (siteId: string) => {
      const deleted = unwrap(await supabase.from('popup_sites').delete().eq('id', siteId).select('id'));
      if (!deleted?.length) throw new AppError('forbidden');
    },
    onSuccess: () => invalidate(),
  });
}

/** Puts a popup on a site or takes it off; the popup's data and the list follow. */
export function useSetPopupSite(organizationId: string, popupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ siteId, on }: { siteId: string; on: boolean }) => {
      unwrap(
        on
          ? await supabase
              .from('popups_sites')
              .upsert(
                { popup_id: popupId, site_id: siteId, organization_id: organizationId },
                { onConflict: 'popup_id,site_id', ignoreDuplicates: true },
              )
          : await supabase.from('popups_sites').delete().eq('popup_id', popupId).eq('site_id', siteId),
      );
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: popupKeys.popup(popupId) }),
        queryClient.invalidateQueries({ queryKey: popupKeys.lists(organizationId) }),
      ]),
  });
}
