import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { supabase } from '@/lib/supabase';
import type { PopupType } from '@/popup-snippet/rules/types';
import { popupKeys } from './keys';

export const POPUP_STATUSES = ['draft', 'scheduled', 'active', 'paused', 'ended', 'archived'] as const;
export type PopupStatus = (typeof POPUP_STATUSES)[number];

export const POPUP_TYPES = ['modal', 'slide_in', 'bar_top', 'bar_bottom', 'fullscreen'] as const;

export interface PopupListItem {
  id: string;
  name: string;
  type: PopupType;
  status: PopupStatus;
  views: number;
  conversions: number;
  /** 0–1, null without views. */
  rate: number | null;
  /** The domains of the sites it runs on. */
  sites: string[];
  createdAt: string;
}

export const isPopupStatus = (value: unknown): value is PopupStatus =>
  POPUP_STATUSES.some((status) => status === value);
export const isPopupType = (value: unknown): value is PopupType => POPUP_TYPES.some((type) => type === value);

/** The organization's popups, newest first, with their figures: one request (popup_summaries). */
export const popupsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: popupKeys.lists(organizationId),
    queryFn: async (): Promise<PopupListItem[]> => {
      const rows =
        unwrap(await supabase.rpc('popup_summaries', { input_organization_id: organizationId })) ?? [];
      return rows.map((row) => ({
        id: row.popup_id,
        name: row.name,
        type: isPopupType(row.type) ? row.type : 'modal',
        status: isPopupStatus(row.status) ? row.status : 'draft',
        views: Number(row.views),
        conversions: Number(row.conversions),
        // null without views, though the generated type cannot say so.
        rate: (row.rate as number | null) === null ? null : Number(row.rate),
        sites: row.sites ?? [],
        createdAt: row.created_at,
      }));
    },
  });
