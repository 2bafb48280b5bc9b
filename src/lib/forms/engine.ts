/** The forms engine for the app: the same module the edge functions run (docs/forms.md). */
export * from '../../../supabase/functions/_shared/forms/index.ts';
