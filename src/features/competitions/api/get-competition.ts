import { queryOptions } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { AppError, unwrap } from '@/lib/errors';
import { MEDIA_SUMMARY_COLUMNS, type MediaSummary } from '@/lib/media/types';
import { supabase } from '@/lib/supabase';
import { readDesign } from '../utils/design';
import { competitionKeys } from './keys';

/**
 * A competition as the editor sees it: its campaign's columns (name, publication, texts, design) with
 * the competition's own, and the database's status.
 */
export type EditorCompetition = Omit<Tables<'campaigns'>, 'kind'> &
  Omit<Tables<'competitions'>, 'kind'> & { competition_status: string | null };
export type EditorGroup = Tables<'competitions_groups'>;
export type EditorTeam = Tables<'competitions_teams'>;
export type EditorMember = Tables<'competitions_members'> & {
  participants: { name: string | null; email: string } | null;
};

export type CompetitionEditorData = {
  competition: EditorCompetition;
  /** In their order (`position`). */
  groups: EditorGroup[];
  /** By name. */
  teams: EditorTeam[];
  /** Every membership, active and pending, with the person's name and address. */
  members: EditorMember[];
  /** The library items the teams' photos and the design's background are, by id. */
  media: Map<string, MediaSummary>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Everything the editor shows of one competition, read by a member (row-level security decides). */
export const competitionEditorQueryOptions = (competitionId: string) =>
  queryOptions({
    queryKey: competitionKeys.competition(competitionId),
    queryFn: async (): Promise<CompetitionEditorData> => {
      // An address that cannot be a competition's is a missing competition, not a failed request.
      if (!UUID.test(competitionId)) throw new AppError('competition-not-found');
      // `*` leaves out computed columns, so the status is asked for by name.
      const [ownRow, campaign, groups, teams, members] = await Promise.all([
        supabase.from('competitions').select('*, competition_status').eq('id', competitionId).maybeSingle(),
        supabase.from('campaigns').select('*').eq('id', competitionId).maybeSingle(),
        supabase
          .from('competitions_groups')
          .select('*')
          .eq('competition_id', competitionId)
          .order('position'),
        supabase.from('competitions_teams').select('*').eq('competition_id', competitionId).order('name'),
        supabase
          .from('competitions_members')
          .select('*, participants(name, email)')
          .eq('competition_id', competitionId)
          .order('joined_at'),
      ]);
      const own = unwrap(ownRow);
      const common = unwrap(campaign);
      if (!own || !common) throw new AppError('competition-not-found');
      const teamRows = unwrap(teams) ?? [];
      const background = readDesign(common.design).background_media_id;
      const mediaIds = [
        ...new Set(
          [...teamRows.map((team) => team.media_id), background].filter((id): id is string => Boolean(id)),
        ),
      ];
      const media =
        mediaIds.length > 0
          ? (unwrap(
              await supabase.from('organizations_media').select(MEDIA_SUMMARY_COLUMNS).in('id', mediaIds),
            ) ?? [])
          : [];
      return {
        competition: { ...common, ...own },
        groups: unwrap(groups) ?? [],
        teams: teamRows,
        members: unwrap(members) ?? [],
        media: new Map(media.map((item) => [item.id, item])),
      };
    },
  });
