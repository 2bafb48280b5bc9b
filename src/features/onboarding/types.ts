/** A ticket pack a marketplace offers (price in øre). */
export type TicketPack = { id: string; tickets: number; priceOre: number };

/** The public face of a marketplace (`marketplace_intro`): what the join and plans pages show. */
export type MarketplaceIntro = {
  id: string;
  name: string;
  tagline: string | null;
  defaultPriceOre: number;
  /** What a lead costs in klipp by default (a pack's price per lead). */
  defaultPriceTickets: number;
  packs: TicketPack[];
};

// The public door (`marketplace_door`) as a visitor reads it (utils/door.ts checks the answer).

export type DoorPack = { tickets: number; priceOre: number };

/** An open listing as a visitor sees it: never a description, the seller or contact details. */
export type DoorTeaser = {
  title: string;
  category: string | null;
  area: string | null;
  priceTickets: number;
  priceOre: number;
  maxBuyers: number;
  buyersCount: number;
};

export type DoorMarketplace = {
  name: string;
  tagline: string | null;
  /** A #rrggbb colour, checked by the database. */
  primaryColor: string | null;
  defaultPriceTickets: number;
  defaultPriceOre: number;
  packs: DoorPack[];
};

export type Door =
  | { kind: 'marketplace'; marketplace: DoorMarketplace; teasers: DoorTeaser[] }
  /** No marketplace at this host: the ones that have a host, to point the visitor there. */
  | { kind: 'none'; elsewhere: { name: string; host: string }[] };
