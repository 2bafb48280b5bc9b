import { useSearchParams } from 'react-router-dom';

type SectionParamOptions<Section extends string> = {
  /** The search parameter, `section` unless the screen's own word is wanted (`fane`). */
  name?: string;
  /** The section when the URL names none (else the first). */
  fallback?: Section;
};

/**
 * An editor's open section as `?section=` in the URL, so reloads and links keep it: the value when it
 * is one of `sections`, else the fallback or the first. Changing it replaces the history entry and
 * drops the parameters in `clear` (a sub-view that belongs to the old section).
 */
export function useSectionParam<Section extends string>(
  sections: readonly Section[],
  clear: readonly string[] = [],
  { name = 'section', fallback }: SectionParamOptions<Section> = {},
): [Section, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(name);
  const section = sections.find((value) => value === wanted) ?? fallback ?? sections[0]!;
  const change = (value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(name, value);
        for (const cleared of clear) next.delete(cleared);
        return next;
      },
      { replace: true },
    );
  return [section, change];
}
