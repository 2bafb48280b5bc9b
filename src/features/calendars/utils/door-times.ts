import type { PublicDoorSlot } from '../types';

/** The first door that has not opened at `now`, if any. */
export const nextDoor = (doors: PublicDoorSlot[], now: Date) =>
  doors.find((door) => new Date(door.opens_at).getTime() > now.getTime());

/**
 * The door a visitor should open today: the one that opened last and is still open at `now` (today's
 * in Oslo for a daily calendar, this week's for a weekly one).
 */
export function currentDoor(doors: PublicDoorSlot[], now: Date): PublicDoorSlot | undefined {
  const time = now.getTime();
  let current: PublicDoorSlot | undefined;
  for (const door of doors) {
    if (new Date(door.opens_at).getTime() <= time && time < new Date(door.closes_at).getTime())
      current = door;
  }
  return current;
}

/** A door's state at `now` (the grid's own state is the database's, at the moment it answered). */
export function doorStateAt(door: PublicDoorSlot, now: Date): PublicDoorSlot['state'] {
  const time = now.getTime();
  if (time < new Date(door.opens_at).getTime()) return 'locked';
  if (time < new Date(door.closes_at).getTime()) return 'open';
  return 'closed';
}
