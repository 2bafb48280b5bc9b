import { env } from '@/lib/env';

/** The feed's address for a token (docs/booking.md: `booking-feed?token=`), and its webcal:// twin. */
export function feedUrls(token: string) {
  const https = `${env.VITE_SUPABASE_URL}/functions/v1/booking-feed?token=${token}`;
  return { https, webcal: https.replace(/^https?:\/\//, 'webcal://') };
}
