/**
 * Every npm package the functions use, pinned in one place (`npm:` specifiers only: jsr is
 * not reachable from our machines). Bump a version here and nowhere else.
 */
export { createClient, type SupabaseClient, type User } from 'npm:@supabase/supabase-js@2.109.0';
export { z } from 'npm:zod@4.6.7';
export { default as Stripe } from 'npm:stripe@23.1.0';
// Font outlines for the share image (competition-og); docs/decisions.md says why this one.
export { default as opentype } from 'npm:opentype.js@2.0.0';
// Norwegian public holidays for booking solutions, moving feasts included (docs/booking.md «Rules»).
export { default as Holidays } from 'npm:date-holidays@3.37.0';
