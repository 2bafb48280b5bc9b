import { keyRoots } from '@/lib/api/key-roots';

/** The organizer's preview of a competition's public pages. */
export const competitionPreviewKeys = {
  preview: (competitionId: string) => [...keyRoots.competitionPreview, competitionId] as const,
};
