// The public pages' one price format (the person's page shows a booking's payment too).
export { formatPrice } from '@/lib/public/price';
