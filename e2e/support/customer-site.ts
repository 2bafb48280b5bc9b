import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embedSnippet } from '../../src/lib/public/embed-snippet';
import { APP_URL } from './hosts';

/**
 * A customer's own plain site on 127.0.0.1 at a free port: `pageFor` answers the HTML of a path, or
 * nothing for a 404; close `server` when done.
 */
export async function servePages(
  pageFor: (path: string) => string | undefined,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const body = pageFor(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(body ?? 'Ikke funnet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

/**
 * A customer's plain page that embeds the public form at `path` with the embed snippet
 * (`iframe[data-leadtorget-form]`), served at every path of the site.
 */
export async function customerSite(path: string, title: string): Promise<{ url: string; server: Server }> {
  const page = `<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Testbedriften</title></head><body>
<h1>Testbedriften</h1>
${embedSnippet({ origin: APP_URL, path, dataAttribute: 'data-leadtorget-form', title })}
</body></html>`;
  const site = await servePages(() => page);
  return { url: `${site.url}/`, server: site.server };
}
