import { formatPhone, phoneHref } from '@/lib/format';

/** A phone number written the one way (formatPhone) that dials when pressed. */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={phoneHref(phone)}>{formatPhone(phone)}</a>;
}
