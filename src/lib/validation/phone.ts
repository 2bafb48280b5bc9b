/** Phone numbers as people type them in Norway: the rule the edge functions check too. */
export { normalizeNorwegianPhone, normalizePhone } from '../../../supabase/functions/_shared/phone.ts';
