import './polyfills';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LazyNotificationsHost } from '@/app/lazy-hosts';
import {
  NOTIFICATION_DEFAULT_DURATION_MS,
  clearNotifications,
  getNotifications,
  notify,
} from '@/components/notification-store';
import { NotificationsHost } from '@/components/notifications';
import { renderWithI18n } from './i18n-for-tests';

// Radix also copies each message into a screen-reader announcer; look inside the toast list only.
const toasts = () => within(screen.getByRole('region', { name: /^Varsler/ }));

afterEach(() => {
  vi.useRealTimers();
  act(() => clearNotifications());
});

describe('notify() and NotificationsHost', () => {
  it('shows a notification for the default 5000 ms, then removes it', () => {
    vi.useFakeTimers();
    renderWithI18n(<NotificationsHost />);
    act(() => {
      notify({ message: 'Leadet er kjøpt.', tone: 'success' });
    });
    expect(NOTIFICATION_DEFAULT_DURATION_MS).toBe(5000);
    expect(toasts().getByText('Leadet er kjøpt.')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_DEFAULT_DURATION_MS - 1);
    });
    expect(toasts().getByText('Leadet er kjøpt.')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(toasts().queryByText('Leadet er kjøpt.')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    vi.useFakeTimers();
    renderWithI18n(<NotificationsHost />);
    act(() => {
      notify({ message: 'Kort beskjed.', duration: 1000 });
    });
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(toasts().getByText('Kort beskjed.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(toasts().queryByText('Kort beskjed.')).not.toBeInTheDocument();
  });

  it('works from non-React code before the host mounts', () => {
    notify({ message: 'Du må være logget inn for å fortsette.', tone: 'error' });
    renderWithI18n(<NotificationsHost />);
    expect(toasts().getByText('Du må være logget inn for å fortsette.')).toBeInTheDocument();
  });

  it('shows a title when given', () => {
    renderWithI18n(<NotificationsHost />);
    act(() => {
      notify({ title: 'Lagret', message: 'Kalenderen er oppdatert.' });
    });
    const toast = toasts().getByRole('listitem');
    expect(toast).toHaveTextContent('Lagret');
    expect(toast).toHaveTextContent('Kalenderen er oppdatert.');
  });

  it('announces errors assertively and other tones politely', async () => {
    renderWithI18n(<NotificationsHost />);
    act(() => {
      notify({ message: 'Kortet ble avvist.', tone: 'error' });
      notify({ message: 'Endringene er lagret.', tone: 'success' });
    });
    await waitFor(() => {
      const announcers = screen.getAllByRole('status');
      const assertive = announcers.find((node) => node.getAttribute('aria-live') === 'assertive');
      const polite = announcers.find((node) => node.getAttribute('aria-live') === 'polite');
      expect(assertive).toHaveTextContent('Kortet ble avvist.');
      expect(polite).toHaveTextContent('Endringene er lagret.');
    });
  });

  it('shows identical messages only once while the first is on screen', () => {
    renderWithI18n(<NotificationsHost />);
    let first = 0;
    let second = 0;
    act(() => {
      first = notify({ message: 'Ingen nettverk.', tone: 'error' });
      second = notify({ message: 'Ingen nettverk.', tone: 'error' });
      notify({ message: 'Ingen nettverk.', tone: 'info' });
    });
    expect(second).toBe(first);
    expect(toasts().getAllByText('Ingen nettverk.')).toHaveLength(2);
  });

  it('shows a message again once the earlier copy has gone', () => {
    vi.useFakeTimers();
    renderWithI18n(<NotificationsHost />);
    act(() => {
      notify({ message: 'Prøv igjen.' });
    });
    act(() => {
      vi.advanceTimersByTime(NOTIFICATION_DEFAULT_DURATION_MS);
    });
    act(() => {
      notify({ message: 'Prøv igjen.' });
    });
    expect(toasts().getAllByText('Prøv igjen.')).toHaveLength(1);
    expect(getNotifications().filter((item) => item.open)).toHaveLength(1);
  });

  it('can be dismissed with its close button', async () => {
    const user = userEvent.setup();
    renderWithI18n(<NotificationsHost />);
    act(() => {
      notify({ message: 'Invitasjonen er sendt.' });
    });
    await user.click(toasts().getByRole('button', { name: 'Lukk varselet' }));
    expect(toasts().queryByText('Invitasjonen er sendt.')).not.toBeInTheDocument();
  });

  it('is a labelled region F8 jumps to', () => {
    renderWithI18n(<NotificationsHost />);
    const region = screen.getByRole('region', { name: 'Varsler (F8)' });
    expect(within(region).getByRole('list')).toBeInTheDocument();
  });
});

describe('where the toasts go', () => {
  const viewport = async () => (await screen.findByRole('region', { name: /^Varsler/ })).querySelector('ol')!;

  it('takes the other edge when the control just used is where the toasts would show', async () => {
    renderWithI18n(
      <>
        <button type="button">Lagre</button>
        <button type="button">Avbryt</button>
        <LazyNotificationsHost />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Lagre' });
    // jsdom lays nothing out: «Lagre» says it sits at the bottom of a 390 × 844 phone.
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    vi.spyOn(save, 'getBoundingClientRect').mockReturnValue(new DOMRect(16, 790, 120, 44));
    // Clicked, then disabled while it saves (so it has lost the focus when the toast comes).
    await userEvent.setup().click(save);
    save.blur();
    act(() => {
      notify({ message: 'Profilen er lagret.', tone: 'success' });
    });
    await waitFor(async () => expect(await viewport()).toHaveAttribute('data-placement', 'alternate'));

    screen.getByRole('button', { name: 'Avbryt' }).focus();
    act(() => {
      notify({ message: 'Enda en beskjed.' });
    });
    await waitFor(async () => expect(await viewport()).toHaveAttribute('data-placement', 'default'));
  });
});
