import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Page } from '@playwright/test';
import type { Json } from '../../src/lib/database.types';
import type { Frequency, PopupType, Targeting, Trigger } from '../../src/popup-snippet/rules/types';
import { admin, check, createOrganization, createUser, write } from './admin';
import { servePages } from './customer-site';
import { APP_URL } from './hosts';

/*
 * The popups' e2e pieces: an organization of the test's own with a site on 127.0.0.1 (the customer's
 * plain pages below run there) and popups written as an organizer's editor would leave them, published.
 */

export const CONSENT_TEXT = 'Ved å melde deg på godtar du at Testrør AS sender deg e-post.';

export interface TestVariant {
  label: string;
  weight: number;
  heading: string;
  discountCode?: string;
}

export interface TestPopup {
  id: string;
  variants: { id: string; label: string; heading: string }[];
}

/** A new organization with the site 127.0.0.1; answers its id and the site's key. */
export async function popupOrganization(): Promise<{
  organizationId: string;
  siteId: string;
  siteKey: string;
}> {
  const owner = await createUser('popup', 'Pia Popup');
  const organizationId = await createOrganization(owner.id, `Testrør ${owner.suffix} AS`);
  const site = await check(
    admin
      .from('popup_sites')
      .insert({ organization_id: organizationId, domain: '127.0.0.1' })
      .select('id, site_key')
      .single(),
  );
  return { organizationId, siteId: site.id, siteKey: site.site_key };
}

/** A published popup on `siteId` with an e-mail field per variant. */
export async function publishedPopup(
  organization: { organizationId: string; siteId: string },
  settings: {
    name: string;
    type: PopupType;
    triggers: Trigger[];
    targeting?: Targeting;
    frequency?: Frequency;
    priority?: number;
    variants: TestVariant[];
  },
): Promise<TestPopup> {
  const { organizationId, siteId } = organization;
  const id = randomUUID();
  await write(
    admin.from('campaigns').insert({
      id,
      organization_id: organizationId,
      kind: 'popup',
      name: settings.name,
      consent_text: CONSENT_TEXT,
      design: { accent: '#0b5cad', background: '#ffffff', text: '#1a1a1a', radius: 12 },
    }),
  );
  await write(
    admin.from('popups').insert({
      id,
      organization_id: organizationId,
      type: settings.type,
      priority: settings.priority ?? 10,
      triggers: settings.triggers as unknown as NonNullable<Json>,
      targeting: (settings.targeting ?? {}) as NonNullable<Json>,
      frequency: (settings.frequency ?? {
        after_close_days: 30,
        once_per_session: true,
      }) as NonNullable<Json>,
    }),
  );
  const variants = await check(
    admin
      .from('popup_variants')
      .insert(
        settings.variants.map((variant) => ({
          popup_id: id,
          organization_id: organizationId,
          label: variant.label,
          weight: variant.weight,
          discount_code: variant.discountCode ?? null,
          content: {
            heading: variant.heading,
            text: 'Tips om vedlikehold av rør og bad, én gang i måneden.',
            field: 'email',
            form_id: null,
            button: 'Meld meg på',
            success_heading: 'Takk for påmeldingen!',
            success_text: variant.discountCode ? 'Rabattkoden din:' : 'Du hører fra oss snart.',
          },
        })),
      )
      .select('id, label, content'),
  );
  await write(
    admin.from('popups_sites').insert({ popup_id: id, site_id: siteId, organization_id: organizationId }),
  );
  await write(admin.from('campaigns').update({ published_at: new Date().toISOString() }).eq('id', id));
  return {
    id,
    variants: variants.map((row) => ({
      id: row.id,
      label: row.label,
      heading: String((row.content as { heading?: string }).heading),
    })),
  };
}

/**
 * A customer's plain site on 127.0.0.1 with the snippet's tag in every page: `/` and `/tjenester`
 * (tall pages with a button `.vis-tilbud`), and `/app` (a single-page app that changes its route with
 * `history.pushState`). Close `server` when done.
 */
export async function popupSite(siteKey: string): Promise<{ url: string; server: Server }> {
  const tag = `<script async src="${APP_URL}/embed/popups.js" data-site="${siteKey}"></script>`;
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${tag}</head><body style="margin:0;font:17px/1.6 Georgia,serif">${body}</body></html>`;
  const tall = (heading: string) =>
    `<header style="padding:16px;background:#0b3d5c;color:#fff"><strong>Testrør AS</strong> <a style="color:#fff" href="/tjenester">Tjenester</a></header><main style="padding:24px"><h1>${heading}</h1><button type="button" class="vis-tilbud">Se månedens tilbud</button>${'<p>Vi fikser lekkasjer og bytter berederer, med fast pris og ryddig arbeid.</p>'.repeat(40)}</main>`;
  const spa = `<nav aria-label="Sider"><a href="/app" data-route>Forside</a> <a href="/app?side=bad" data-route>Baderom</a></nav><main><h1 id="side">Forside</h1></main>
<script>document.addEventListener('click',(e)=>{const a=e.target.closest('a[data-route]');if(!a)return;e.preventDefault();history.pushState(null,'',a.href);document.getElementById('side').textContent=a.textContent;});</script>`;
  const pages: Record<string, string> = {
    '/': page('Testrør AS', tall('Rørleggeren i byen')),
    '/tjenester': page('Tjenester – Testrør AS', tall('Tjenestene våre')),
    '/app': page('Testrør AS – app', spa),
  };
  return servePages((path) => pages[path]);
}

/**
 * The snippet renders in a closed shadow root, which no page script (and no test selector) can
 * enter; for the test, every shadow root the page makes is open, so Playwright's selectors and axe
 * can read the popup. Nothing else of the snippet changes.
 */
export async function openShadowRoots(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const attach = Object.getOwnPropertyDescriptor(Element.prototype, 'attachShadow')!.value as (
      this: Element,
      init: ShadowRootInit,
    ) => ShadowRoot;
    Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
      return attach.call(this, { ...init, mode: 'open' });
    };
  });
}

/** The popup's counters summed over every day, page, device and source. */
export async function popupTotals(popupId: string) {
  const rows = await check(
    admin.from('popup_stats').select('variant_id, views, closes, conversions').eq('popup_id', popupId),
  );
  const sum = (key: 'views' | 'closes' | 'conversions') => rows.reduce((total, row) => total + row[key], 0);
  return { views: sum('views'), closes: sum('closes'), conversions: sum('conversions'), rows };
}
