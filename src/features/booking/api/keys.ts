import { keyRoots } from '@/lib/api/key-roots';

/** The signed-in booking solution screens: the list, one solution's set-up and its bookings. */
export const bookingKeys = {
  all: keyRoots.bookingSolutions,
  allLists: [...keyRoots.bookingSolutions, 'list'] as const,
  lists: (organizationId: string) => [...bookingKeys.allLists, organizationId] as const,
  members: (organizationId: string) => [...keyRoots.bookingSolutions, 'members', organizationId] as const,
  questionForms: (organizationId: string) =>
    [...keyRoots.bookingSolutions, 'question-forms', organizationId] as const,
  sellerReady: (organizationId: string) =>
    [...keyRoots.bookingSolutions, 'seller-ready', organizationId] as const,
  solution: (solutionId: string) => [...keyRoots.bookingSolutions, 'solution', solutionId] as const,
  bookings: (solutionId: string, from: string, to: string) =>
    [...bookingKeys.solution(solutionId), 'bookings', from, to] as const,
};
