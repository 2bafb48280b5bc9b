import { keyRoots } from '@/lib/api/key-roots';

/** The organizer's preview of a competition's public pages. */
export const competitionPreviewKeys = {
  preview: (competitionId: string) => [...keyRoots.competitionPreview, competitionId] as const,
};

/** The signed-in competition screens: the organization's list, one competition's editor, its figures and its progress entries (its prizes are the campaign's: src/lib/campaign/api). */
export const competitionKeys = {
  all: keyRoots.competitions,
  lists: (organizationId: string) => [...keyRoots.competitions, 'list', organizationId] as const,
  competition: (competitionId: string) => [...keyRoots.competitions, 'competition', competitionId] as const,
  statistics: (competitionId: string) =>
    [...competitionKeys.competition(competitionId), 'statistics'] as const,
  progress: (competitionId: string) => [...competitionKeys.competition(competitionId), 'progress'] as const,
};
