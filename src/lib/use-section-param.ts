import { useSearchParams } from 'react-router-dom';

/**
 * An editor's open section as `?section=` in the URL (or another parameter, `param`: a list page's
 * tabs use `?fane=`), so reloads and links keep it: the value when it is one of `sections`, else the
 * first. Changing it replaces the history entry and drops the parameters in `clear` (a sub-view that
 * belongs to the old section).
 */
export function useSectionParam<Section extends string>(
  sections: readonly Section[],
  clear: readonly string[] = [],
  param = 'section',
): [Section, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(param);
  const section = sections.find((value) => value === wanted) ?? sections[0]!;
  const change = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(param, value);
        for (const name of clear) next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [section, change];
}
