/**
 * A text column the database holds to a fixed list (a CHECK constraint) reaches the client typed
 * as `string`. This narrows it to the list's type without a cast; a value outside the list, which
 * the constraint rules out, is a broken contract and throws rather than flowing on mistyped.
 */
export function oneOf<const T extends string>(values: readonly T[], value: string): T {
  const found = values.find((item) => item === value);
  if (found === undefined)
    throw new Error(`Unexpected value «${value}»; expected one of ${values.join(', ')}`);
  return found;
}
