import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { routesFor } from '@/app/route-table';
import { AssistantPanel } from '@/features/assistant/components/assistant-panel';
import {
  isAssistantEnabled,
  setAssistantEnabled,
  setAssistantOpen,
  toggleAssistant,
  useAssistantOpen,
} from '@/features/assistant/hooks/use-assistant-open';
import { isTypingTarget, useAssistantShortcut } from '@/features/assistant/hooks/use-assistant-shortcut';
import helpEn from '@/features/assistant/locales/help/en.json';
import helpNb from '@/features/assistant/locales/help/nb.json';
import { helpTopicFor, type HelpContent, type HelpTopic } from '@/features/assistant/utils/help-topics';
import { i18next, initI18n } from '@/lib/i18n';

const TOPICS = [
  'general',
  'auth',
  'onboarding',
  'marketplace',
  'leads',
  'calendars',
  'competitions',
  'popups',
  'checkouts',
  'funnels',
  'forms',
  'media',
  'booking',
  'meetings',
  'lifetimeValue',
  'payments',
] as const satisfies readonly HelpTopic[];

afterEach(() => {
  // Runs before the shared cleanup, while the panel may still be mounted.
  act(() => {
    setAssistantEnabled(true);
    setAssistantOpen(false);
  });
});

describe('helpTopicFor', () => {
  it.each<[string | undefined, HelpTopic]>([
    ['leads-marketplace-other', 'marketplace'],
    ['leads-marketplace', 'marketplace'],
    ['lead-info', 'leads'],
    ['leads', 'leads'],
    ['leads-importer', 'leads'],
    ['fyllopp-edit', 'competitions'],
    ['fyllopp', 'competitions'],
    ['calendar-day', 'calendars'],
    ['calendars', 'calendars'],
    ['auth-management', 'auth'],
    ['login', 'auth'],
    ['verify', 'auth'],
    ['profile-register', 'auth'],
    ['onboarding-marketplace-plans', 'onboarding'],
    ['popup-edit', 'popups'],
    ['checkout-analytics', 'checkouts'],
    ['funnel-edit', 'funnels'],
    ['form-edit', 'forms'],
    ['booking-solutions', 'booking'],
    ['meeting-planner', 'meetings'],
    ['lifetime-value', 'lifetimeValue'],
    ['payments-setup', 'payments'],
    [undefined, 'general'],
    ['', 'general'],
    ['not-found', 'general'],
  ])('maps %j to %s', (routeName, topic) => {
    expect(helpTopicFor(routeName)).toBe(topic);
  });

  it('gives every dashboard screen of both hosts a topic of its own', () => {
    const routes = [...routesFor('marketplace'), ...routesFor('competition')];
    const dashboard = routes.filter((route) => route.meta.organizationView);
    expect(dashboard.length).toBeGreaterThan(10);
    for (const route of dashboard) {
      expect(helpTopicFor(route.meta.name), route.meta.name).not.toBe('general');
    }
    for (const route of routes) {
      expect(TOPICS, route.meta.name).toContain(helpTopicFor(route.meta.name));
    }
  });
});

describe('help content', () => {
  describe.each<[string, HelpContent]>([
    ['nb', helpNb],
    ['en', helpEn],
  ])('%s', (_language, content) => {
    it('covers exactly the help topics', () => {
      expect(Object.keys(content).sort()).toEqual([...TOPICS].sort());
    });

    it.each(TOPICS)('has a title, an intro and at least one tip for %s', (topic) => {
      const article = content[topic];
      expect(article.title.trim()).not.toBe('');
      expect(article.intro.trim()).not.toBe('');
      expect(article.tips.length).toBeGreaterThanOrEqual(1);
      for (const tip of article.tips) expect(tip.trim()).not.toBe('');
      // Tips are React keys in the panel.
      expect(new Set(article.tips).size).toBe(article.tips.length);
    });
  });

  it('is actually translated', () => {
    expect(helpNb.general.title).toBe('Hjelp');
    expect(helpEn.general.title).toBe('Help');
    expect(helpNb.leads.title).toBe('Leads');
    expect(helpNb.leads.intro).not.toBe(helpEn.leads.intro);
  });
});

function ShortcutProbe() {
  useAssistantShortcut();
  const open = useAssistantOpen();
  return (
    <>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <label>
        Søk
        <input />
      </label>
      <label>
        Notat
        <textarea />
      </label>
    </>
  );
}

describe('assistant store and the ? shortcut', () => {
  it('toggles open and closed with ? on the page', async () => {
    const user = userEvent.setup();
    render(<ShortcutProbe />);
    expect(screen.getByTestId('state')).toHaveTextContent('closed');

    await user.keyboard('?');
    expect(screen.getByTestId('state')).toHaveTextContent('open');

    await user.keyboard('?');
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('leaves ? typed into an input or a textarea alone', async () => {
    const user = userEvent.setup();
    render(<ShortcutProbe />);

    const input = screen.getByRole('textbox', { name: 'Søk' });
    await user.type(input, 'hva?');
    expect(input).toHaveValue('hva?');
    expect(screen.getByTestId('state')).toHaveTextContent('closed');

    const textarea = screen.getByRole('textbox', { name: 'Notat' });
    await user.type(textarea, '?');
    expect(textarea).toHaveValue('?');
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('ignores ? with a modifier held', async () => {
    const user = userEvent.setup();
    render(<ShortcutProbe />);
    await user.keyboard('{Control>}?{/Control}');
    await user.keyboard('{Meta>}?{/Meta}');
    await user.keyboard('{Alt>}?{/Alt}');
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('stops listening when unmounted', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ShortcutProbe />);
    unmount();
    await user.keyboard('?');
    render(<ShortcutProbe />);
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('cannot open while disabled, and disabling closes it', async () => {
    const user = userEvent.setup();
    render(<ShortcutProbe />);

    act(() => setAssistantOpen(true));
    expect(screen.getByTestId('state')).toHaveTextContent('open');

    act(() => setAssistantEnabled(false));
    expect(isAssistantEnabled()).toBe(false);
    expect(screen.getByTestId('state')).toHaveTextContent('closed');

    await user.keyboard('?');
    act(() => setAssistantOpen(true));
    act(() => toggleAssistant());
    expect(screen.getByTestId('state')).toHaveTextContent('closed');

    act(() => setAssistantEnabled(true));
    await user.keyboard('?');
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });

  it('recognises typing targets', () => {
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    // jsdom does not derive isContentEditable from the attribute.
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('AssistantPanel', () => {
  beforeAll(async () => {
    await initI18n(undefined, 'nb');
  });

  afterEach(async () => {
    await act(async () => {
      await i18next.changeLanguage('nb');
    });
  });

  function renderPanel(routeName: string | undefined) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return render(<AssistantPanel routeName={routeName} />, { wrapper });
  }

  it('renders nothing while closed', () => {
    renderPanel('leads');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the Leads article and the general tips in Norwegian', async () => {
    setAssistantOpen(true);
    renderPanel('leads');

    const dialog = await screen.findByRole('dialog', { name: 'Leads' });
    expect(within(dialog).getByRole('heading', { name: 'Leads' })).toBeInTheDocument();
    expect(within(dialog).getByText(helpNb.leads.intro)).toBeInTheDocument();
    for (const tip of helpNb.leads.tips) expect(within(dialog).getByText(tip)).toBeInTheDocument();

    expect(within(dialog).getByRole('heading', { name: 'Generelt' })).toBeInTheDocument();
    for (const tip of helpNb.general.tips) expect(within(dialog).getByText(tip)).toBeInTheDocument();
    expect(within(dialog).getByText('Trykk ? hvor som helst for å åpne eller lukke hjelpen.')).toBeVisible();

    expect(within(dialog).queryByText(helpNb.marketplace.intro)).not.toBeInTheDocument();
    expect(within(dialog).queryByText(helpEn.leads.intro)).not.toBeInTheDocument();
  });

  it('shows the marketplace article on a marketplace screen', async () => {
    setAssistantOpen(true);
    renderPanel('leads-marketplace-other');
    const dialog = await screen.findByRole('dialog', { name: 'Markedsplassen' });
    expect(within(dialog).getByText(helpNb.marketplace.intro)).toBeInTheDocument();
  });

  it('shows the general article once, without repeating it, where no topic fits', async () => {
    setAssistantOpen(true);
    renderPanel('not-found');
    const dialog = await screen.findByRole('dialog', { name: 'Hjelp' });
    await within(dialog).findByText(helpNb.general.intro);
    for (const tip of helpNb.general.tips) expect(within(dialog).getAllByText(tip)).toHaveLength(1);
  });

  it('closes with Escape and updates the store', async () => {
    const user = userEvent.setup();
    setAssistantOpen(true);
    renderPanel('leads');
    await screen.findByRole('dialog', { name: 'Leads' });

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(renderHook(() => useAssistantOpen()).result.current).toBe(false);
  });

  it('shows English help when the language is English', async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    setAssistantOpen(true);
    renderPanel('calendar-day');
    const dialog = await screen.findByRole('dialog', { name: helpEn.calendars.title });
    expect(within(dialog).getByText(helpEn.calendars.intro)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'General' })).toBeInTheDocument();
  });
});
