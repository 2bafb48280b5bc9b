/**
 * The booking solutions' rows as the signed-in screens read them (docs/booking.md), from the generated
 * schema. Times of day are «HH:MM:SS» wall-clock times in Europe/Oslo; booking times are instants.
 */
import type { Tables } from '@/lib/database.types';

export type BookingService = Tables<'booking_services'>;
export type BookingStaff = Tables<'booking_staff'>;
export type BookingStaffService = Tables<'booking_staff_services'>;
export type BookingAvailability = Tables<'booking_availability'>;
export type BookingException = Tables<'booking_exceptions'>;
export type BookingStatus = 'pending_payment' | 'confirmed' | 'cancelled' | 'no_show';

export type BookingSolutionStatus = 'draft' | 'live' | 'archived';

export interface BookingSolutionListItem {
  id: string;
  name: string;
  status: BookingSolutionStatus;
  createdAt: string;
  /** Confirmed bookings from now on. */
  upcoming: number;
  /** This Oslo ISO week: live bookings' minutes and the active staff's weekly spans. */
  bookedMinutes: number;
  availableMinutes: number;
  noShows: number;
}

/** One solution's set-up: its settings and every child row, for the editor and the dashboard. */
export interface BookingSolutionSetup {
  id: string;
  organizationId: string;
  name: string;
  status: BookingSolutionStatus;
  closedOnHolidays: boolean;
  slotIntervalMinutes: number;
  /** Minutes before a booking its reminders go out, latest first. */
  reminderMinutes: number[];
  services: BookingService[];
  staff: BookingStaff[];
  staffServices: BookingStaffService[];
  availability: BookingAvailability[];
  exceptions: BookingException[];
}

/** A booking on the dashboard: the appointment, who, with whom and what. */
export interface BookingAnswer {
  label: string;
  text: string;
}

export interface BookingListItem {
  id: string;
  status: BookingStatus;
  start: string;
  end: string;
  serviceId: string;
  serviceName: string;
  staffId: string;
  staffName: string;
  personName: string | null;
  personEmail: string;
  personPhone: string | null;
  answers: Record<string, unknown>;
  /** The answers to the service's questions as the visitor saw them (booking_answer_list). */
  answerList: BookingAnswer[];
  createdAt: string;
  cancelledAt: string | null;
  rescheduledAt: string | null;
  /** A service paid online: its order's state (`paid`, `refunded`, …); null when paid on site. */
  orderStatus: string | null;
  /** A paid order's amount not yet refunded (øre): what the organization's cancel pays back; else 0. */
  refundableOre: number;
}
