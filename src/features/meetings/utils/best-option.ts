import type { PollMatrix } from '../api/get-meeting-polls';

/**
 * The best candidate time: the most who can (yes, then if need be), then the fewest who cannot; null
 * when nobody has answered yet. The organizer still chooses.
 */
export function bestOptionId(options: PollMatrix['options']): string | null {
  const score = (option: PollMatrix['options'][number]) => [
    option.yes + option.if_need_be,
    option.yes,
    -option.no,
  ];
  let best: PollMatrix['options'][number] | null = null;
  for (const option of options) {
    if (option.yes + option.if_need_be + option.no === 0) continue;
    if (!best) best = option;
    else {
      const [a, b] = [score(option), score(best)];
      const index = a.findIndex((value, at) => value !== b[at]);
      if (index >= 0 && a[index]! > b[index]!) best = option;
    }
  }
  return best?.id ?? null;
}

/** The people who answered, once each, in the order they first appear: the matrix's columns. */
export function answeredInvitees(options: PollMatrix['options']) {
  const people = new Map<string, { id: string; name: string | null; mine: boolean }>();
  for (const option of options)
    for (const answer of option.answers)
      if (!people.has(answer.invitee_id))
        people.set(answer.invitee_id, { id: answer.invitee_id, name: answer.name, mine: answer.mine });
  return [...people.values()];
}
