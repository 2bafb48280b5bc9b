import { useState } from 'react';
import { currentHostname } from '@/lib/host';
import { createTranslate, type Messages, usePublicTexts } from '@/lib/public/public-texts';
import { fetchDoor } from '../api/get-door';
import { type DoorResult, MarketplaceDoor } from '../components/marketplace-door';
import nb from '../locales/door/nb.json';

const norwegian = { t: createTranslate<Messages>(nb, 'nb'), language: 'nb' as const };

/** `/bli-partner` for a visitor, on the public entry: the door and its one RPC call. */
export default function PublicDoorPage() {
  const { t } = usePublicTexts(norwegian);
  const [result] = useState<Promise<DoorResult>>(() =>
    fetchDoor(currentHostname()).then(
      (door) => ({ ok: true, door }),
      () => ({ ok: false }),
    ),
  );
  return <MarketplaceDoor result={result} t={t} search={new URLSearchParams(window.location.search)} />;
}
