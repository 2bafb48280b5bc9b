import { useSearchParams } from 'react-router-dom';

/**
 * An editor's open section as `?section=` (or the `name` given) in the URL, so reloads and links keep it: the value when it
 * is one of `sections`, else the first. Changing it replaces the history entry and drops the
 * parameters in `clear` (a sub-view that belongs to the old section).
 */
export function useSectionParam<Section extends string>(
  sections: readonly Section[],
  clear: readonly string[] = [],
  name = 'section',
): [Section, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(name);
  const section = sections.find((value) => value === wanted) ?? sections[0]!;
  const change = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, value);
        for (const param of clear) next.delete(param);
        return next;
      },
      { replace: true },
    );
  return [section, change];
}
