import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CalendarView } from '@/features/calendars/components/public/calendar-view';
import { DoorView } from '@/features/calendars/components/public/door-view';
import { publicCalendar, publicDoor } from '../../factories/public-calendar';

// The editor's preview renders the views with its own data and a test date, without fetching.
describe('the public views with props only', () => {
  it('judges the doors by the date it is given and opens a door in place', async () => {
    const onOpenDoor = vi.fn();
    const calendar = publicCalendar();
    render(
      <CalendarView calendar={calendar} now={new Date('2026-12-24T08:00:00Z')} onOpenDoor={onOpenDoor} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Luke 24, dagens luke, åpen' }));
    expect(onOpenDoor).toHaveBeenCalledWith(24);
    // Every earlier door is closed but readable (show past doors), and there is no next door.
    expect(screen.getByRole('button', { name: 'Luke 1, stengt, kan leses' })).not.toHaveAttribute(
      'aria-disabled',
    );
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('before the first door, counts down to it and links to pre-registration', () => {
    const calendar = publicCalendar();
    render(
      <CalendarView
        calendar={calendar}
        now={new Date('2026-11-30T07:00:00Z')}
        onOpenDoor={() => undefined}
        countdownHref="/calendar/countdown?id=x"
      />,
    );
    expect(screen.getByText('Kalenderen åpner om')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('1 d 00 t 00 min 00 s');
    expect(screen.getByRole('link', { name: /Meld deg på nå/ })).toHaveAttribute(
      'href',
      '/calendar/countdown?id=x',
    );
  });

  it('shows a closed door’s content without a form, and a video with WebM first and its poster', () => {
    const { container } = render(
      <DoorView
        door={publicDoor({
          open: false,
          media: {
            type: 'video',
            path: 'p.webp',
            alt_text: null,
            width: 1280,
            height: 720,
            webm_path: 'v.webm',
            mp4_path: 'v.mp4',
          },
        })}
        media={{ src: 'https://x/poster', webm: 'https://x/v.webm', mp4: 'https://x/v.mp4' }}
        entryForm={<form aria-label="skjema" />}
      />,
    );
    expect(screen.getByText(/Luken er stengt/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'skjema' })).not.toBeInTheDocument();
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('poster', 'https://x/poster');
    expect([...(video?.querySelectorAll('source') ?? [])].map((source) => source.type)).toEqual([
      'video/webm',
      'video/mp4',
    ]);
  });
});
