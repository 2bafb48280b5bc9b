import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embedSnippet } from '../../src/lib/public/embed-snippet';
import { APP_URL } from './hosts';

/**
 * A customer's plain page on 127.0.0.1 at a free port that embeds the public form at `path` with the
 * embed snippet (`iframe[data-leadtorget-form]`); close `server` when done.
 */
export async function customerSite(path: string, title: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="nb"><head><meta charset="utf-8"><title>Testbedriften</title></head><body>
<h1>Testbedriften</h1>
${embedSnippet({ origin: APP_URL, path, dataAttribute: 'data-leadtorget-form', title })}
</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}
