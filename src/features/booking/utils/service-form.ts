import { z } from 'zod';
import { oreToKroner, parseKronerToOre } from '@/lib/kroner';
import type { BookingService } from '../api/types';

/** What the service dialog holds: the fields as typed, so nothing is lost on a refusal. */
export interface ServiceFormValues {
  name: string;
  description: string;
  durationMinutes: string;
  /** Kroner as typed («1 490»); empty for no price. */
  price: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  /** Whole hours before the start (the database keeps minutes). */
  noticeHours: string;
  windowDays: string;
  dailyLimit: string;
  weeklyLimit: string;
  seats: string;
  payment: 'on_site' | 'online';
}

export type ServiceField = keyof ServiceFormValues;

/** The row to write, as the database's columns. */
export interface ServiceInput {
  name: string;
  description: string;
  duration_minutes: number;
  price_ore: number | null;
  payment: 'on_site' | 'online';
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  minimum_notice_minutes: number;
  booking_window_days: number;
  daily_limit: number | null;
  weekly_limit: number | null;
  seats: number;
}

const whole = (min: number, max: number, error: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .refine((value) => value >= min && value <= max, { error });

const optionalWhole = (min: number, max: number, error: string) =>
  z.union([
    z
      .string()
      .trim()
      .length(0)
      .transform(() => null),
    whole(min, max, error),
  ]);

/** The database's checks on a service (booking_services), each failure a key under `setup.service.errors`. */
const serviceSchema = z.object({
  name: z.string().trim().min(1, { error: 'nameRequired' }).max(120, { error: 'nameTooLong' }),
  description: z.string().trim().max(2000, { error: 'descriptionTooLong' }),
  durationMinutes: whole(5, 720, 'duration'),
  price: z.string().transform((value, context) => {
    if (value.trim() === '') return null;
    const ore = parseKronerToOre(value);
    if (ore === null || ore > 100_000_000) {
      context.addIssue({ code: 'custom', message: 'price' });
      return z.NEVER;
    }
    return ore;
  }),
  bufferBeforeMinutes: whole(0, 240, 'buffer'),
  bufferAfterMinutes: whole(0, 240, 'buffer'),
  noticeHours: whole(0, 2160, 'notice'),
  windowDays: whole(1, 365, 'window'),
  dailyLimit: optionalWhole(1, 1000, 'dailyLimit'),
  weeklyLimit: optionalWhole(1, 5000, 'weeklyLimit'),
  seats: whole(1, 500, 'seats'),
  payment: z.enum(['on_site', 'online']),
});

export type ServiceFormErrors = Partial<Record<ServiceField, string>>;

/** The fields checked as the database would: the message key per field, or the row to write. */
export function validateServiceForm(values: ServiceFormValues): {
  errors: ServiceFormErrors;
  input: ServiceInput | null;
} {
  const parsed = serviceSchema
    // Paying online needs a price (booking_services_online_has_price).
    .refine((v) => v.payment === 'on_site' || (v.price ?? 0) > 0, { path: ['price'], error: 'onlinePrice' })
    .safeParse(values);
  if (!parsed.success) {
    const errors: ServiceFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ServiceField;
      errors[field] ??= issue.message;
    }
    return { errors, input: null };
  }
  const v = parsed.data;
  return {
    errors: {},
    input: {
      name: v.name,
      description: v.description,
      duration_minutes: v.durationMinutes,
      price_ore: v.price,
      payment: v.payment,
      buffer_before_minutes: v.bufferBeforeMinutes,
      buffer_after_minutes: v.bufferAfterMinutes,
      minimum_notice_minutes: v.noticeHours * 60,
      booking_window_days: v.windowDays,
      daily_limit: v.dailyLimit,
      weekly_limit: v.weeklyLimit,
      seats: v.seats,
    },
  };
}

export const emptyServiceForm = (): ServiceFormValues => ({
  name: '',
  description: '',
  durationMinutes: '60',
  price: '',
  bufferBeforeMinutes: '0',
  bufferAfterMinutes: '0',
  noticeHours: '24',
  windowDays: '60',
  dailyLimit: '',
  weeklyLimit: '',
  seats: '1',
  payment: 'on_site',
});

export const serviceFormOf = (service: BookingService): ServiceFormValues => ({
  name: service.name,
  description: service.description,
  durationMinutes: String(service.duration_minutes),
  price: service.price_ore === null ? '' : oreToKroner(service.price_ore),
  bufferBeforeMinutes: String(service.buffer_before_minutes),
  bufferAfterMinutes: String(service.buffer_after_minutes),
  noticeHours: String(Math.round(service.minimum_notice_minutes / 60)),
  windowDays: String(service.booking_window_days),
  dailyLimit: service.daily_limit === null ? '' : String(service.daily_limit),
  weeklyLimit: service.weekly_limit === null ? '' : String(service.weekly_limit),
  seats: String(service.seats),
  payment: service.payment === 'online' ? 'online' : 'on_site',
});

/** The database's column a refusal names, as the form's field (a check constraint's or column's name). */
const COLUMN_FIELDS: Record<string, ServiceField> = {
  duration_minutes: 'durationMinutes',
  price_ore: 'price',
  buffer_before_minutes: 'bufferBeforeMinutes',
  buffer_after_minutes: 'bufferAfterMinutes',
  minimum_notice_minutes: 'noticeHours',
  booking_window_days: 'windowDays',
  daily_limit: 'dailyLimit',
  weekly_limit: 'weeklyLimit',
  seats: 'seats',
  description: 'description',
  name: 'name',
};

/** The field a server refusal is about, when its message names one of the service's columns. */
export function serviceFieldOfRefusal(error: unknown): ServiceField | null {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  const message = cause && typeof cause === 'object' && 'message' in cause ? String(cause.message) : '';
  const column = Object.keys(COLUMN_FIELDS).find((name) =>
    message.includes(`booking_services_${name}_check`),
  );
  return column ? (COLUMN_FIELDS[column] ?? null) : null;
}
