// First: note an access token in the URL before supabase-js consumes it (guard rule 1).
import '@/lib/url-session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { subscribeToAuthEvents } from '@/app/auth-events';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { runStartup } from '@/app/startup/startup';
import { currentHostname, hostKindOf } from '@/lib/host';
import { restoreSession } from '@/lib/session';

async function main() {
  await Promise.all([runStartup(), restoreSession()]);

  const queryClient = createQueryClient();
  const router = createAppRouter(hostKindOf(currentHostname()), queryClient);
  subscribeToAuthEvents({
    queryClient,
    navigate: (to) => router.navigate(to),
    revalidate: () => router.revalidate(),
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void main();
