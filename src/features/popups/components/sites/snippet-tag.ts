/**
 * The tag a site carries (docs/popups.md «The snippet»): the snippet reads its `data-site` and
 * finds its API from the Supabase URL built into it, so the tag names only where the script lives.
 */
export const snippetTag = (origin: string, siteKey: string) =>
  `<script async src="${origin}/embed/popups.js" data-site="${siteKey}"></script>`;

/** Queues `leadtorget(…)` calls made before the snippet has loaded; it takes them from `q`. */
export const CONSENT_STUB =
  'window.leadtorget = window.leadtorget || function () { (window.leadtorget.q = window.leadtorget.q || []).push(arguments); };';
