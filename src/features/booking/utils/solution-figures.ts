/** Booked of available minutes as a whole percent, or null when nobody is available. */
export function utilisationPercent(bookedMinutes: number, availableMinutes: number): number | null {
  if (availableMinutes <= 0) return null;
  return Math.round((bookedMinutes / availableMinutes) * 100);
}

/** The public booking page of a solution (the public area's route). */
export const publicBookingLink = (origin: string, solutionId: string) =>
  `${origin}/booking/${encodeURIComponent(solutionId)}`;
