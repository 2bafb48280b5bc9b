/** A person as the organizer sees them: their name, else their address. */
export function personName(person: { name: string | null; email: string } | null): string {
  const name = person?.name?.trim();
  if (name) return name;
  return person?.email ?? '';
}
