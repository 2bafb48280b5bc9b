import type { TFunction } from 'i18next';
import type { Pack } from '../api/get-packs';

/** «25 klipp» / «100 kreditter»: a pack as its buy button and dialog name it. */
export function packName(t: TFunction<'payments'>, pack: Pack) {
  return t(pack.kind === 'tickets' ? 'overview.packs.ticketsName' : 'overview.packs.creditsName', {
    count: pack.amount,
  });
}
