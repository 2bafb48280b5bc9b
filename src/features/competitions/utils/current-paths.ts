import { currentHostname, hostKindOf } from '@/lib/host';
import { competitionPaths } from './competition-paths';

/** The area's addresses for the host and language of the page the visitor is on. */
export const currentCompetitionPaths = () =>
  competitionPaths(hostKindOf(currentHostname()), window.location.search);
