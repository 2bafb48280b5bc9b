/**
 * Every npm package the functions share, pinned in one place (`npm:` specifiers only: jsr is
 * not reachable from our machines). Bump a version here and nowhere else. A heavy package only one
 * function needs is pinned in that function's own module instead (date-holidays, in
 * booking/holidays.ts: every country's data), so the other functions' workers never load it.
 */
export { createClient, type SupabaseClient, type User } from 'npm:@supabase/supabase-js@2.109.0';
export { z } from 'npm:zod@4.6.7';
export { default as Stripe } from 'npm:stripe@23.1.0';
// Font outlines for the share image (competition-og); docs/decisions.md says why this one.
export { default as opentype } from 'npm:opentype.js@2.0.0';
