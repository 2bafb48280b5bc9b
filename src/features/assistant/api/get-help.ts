import { queryOptions } from '@tanstack/react-query';
import type { HelpContent } from '../utils/help-topics';
import { assistantKeys } from './keys';

// Help texts are a chunk of their own, fetched the first time someone opens help.
const loadHelp = async (language: string): Promise<HelpContent> =>
  (language === 'en' ? await import('../locales/help/en.json') : await import('../locales/help/nb.json'))
    .default;

/** The help texts in the user's language; they never change while the app runs. */
export const helpQueryOptions = (language: string) =>
  queryOptions({
    queryKey: assistantKeys.help(language),
    queryFn: () => loadHelp(language),
    staleTime: Number.POSITIVE_INFINITY,
  });
