import { http, HttpResponse } from 'msw';
import { SUPABASE } from '../../support/session';

/**
 * The lists listings are held to (src/lib/listings/api/): the marketplace's categories and the
 * areas. The advertise form and the marketplace's filters both read them.
 */
export const listingListHandlers = (
  categories: readonly string[] = ['Rørlegger', 'Elektriker', 'Annet'],
  areas: readonly string[] = ['Hele landet', 'Oslo', 'Vestland'],
) => [
  http.get(`${SUPABASE}/rest/v1/marketplace_categories`, () =>
    HttpResponse.json(categories.map((name) => ({ name }))),
  ),
  http.get(`${SUPABASE}/rest/v1/areas`, () => HttpResponse.json(areas.map((name) => ({ name })))),
];
