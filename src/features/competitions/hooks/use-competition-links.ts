import { useLocation } from 'react-router-dom';
import { currentHostname, hostKindOf } from '@/lib/host';
import { competitionPaths } from '../utils/competition-paths';

/** The area's links for the host this page is on (the competition host has them at its root). */
export function useCompetitionLinks() {
  const { search } = useLocation();
  return competitionPaths(hostKindOf(currentHostname()), search);
}
