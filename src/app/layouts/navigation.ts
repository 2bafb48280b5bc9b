import {
  CalendarCheck,
  CalendarDays,
  ClipboardList,
  CreditCard,
  Filter,
  Images,
  Inbox,
  PanelTop,
  ShoppingCart,
  Store,
  TrendingUp,
  Trophy,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/lib/paths';

export type NavigationKey =
  | 'marketplace'
  | 'leads'
  | 'calendars'
  | 'competitions'
  | 'forms'
  | 'popups'
  | 'checkouts'
  | 'funnels'
  | 'payments'
  | 'bookingSolutions'
  | 'meetings'
  | 'lifetimeValue'
  | 'media';

export type GroupKey = 'sales' | 'campaigns' | 'payments' | 'planning' | 'insight';

/** A menu entry: a screen of the app, or (the marketplace, from the competition host) another host. */
export type NavigationItem = {
  key: NavigationKey;
  icon: LucideIcon;
  to?: string;
  href?: string;
  /** The area's route shows the «under construction» page: the entry is marked «Kommer». */
  coming?: boolean;
};

export type NavigationGroup = { key: GroupKey | null; items: NavigationItem[] };

/**
 * The side bar's groups in order. «Markedsplass» has no fixed path (it depends on the host, see
 * use-marketplace-link.ts); the last group has no heading of its own.
 */
export const navigationGroups: NavigationGroup[] = [
  {
    key: 'sales',
    items: [
      { key: 'marketplace', icon: Store },
      { key: 'leads', icon: Inbox, to: paths.leads },
    ],
  },
  {
    key: 'campaigns',
    items: [
      { key: 'calendars', icon: CalendarDays, to: paths.calendars },
      { key: 'competitions', icon: Trophy, to: paths.competitionList },
      { key: 'forms', icon: ClipboardList, to: paths.forms },
      { key: 'popups', icon: PanelTop, to: paths.popups },
    ],
  },
  {
    key: 'payments',
    items: [
      { key: 'checkouts', icon: ShoppingCart, to: paths.checkouts },
      { key: 'funnels', icon: Filter, to: paths.funnels },
      { key: 'payments', icon: CreditCard, to: paths.payments },
    ],
  },
  {
    key: 'planning',
    items: [
      { key: 'bookingSolutions', icon: CalendarCheck, to: paths.bookingSolutions },
      { key: 'meetings', icon: Video, to: paths.meetings },
    ],
  },
  {
    key: 'insight',
    items: [{ key: 'lifetimeValue', icon: TrendingUp, to: paths.lifetimeValue }],
  },
  { key: null, items: [{ key: 'media', icon: Images, to: paths.media }] },
];
