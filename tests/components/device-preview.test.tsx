import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DevicePreview } from '@/components/device-preview';
import { renderWithI18n } from './i18n-for-tests';

describe('DevicePreview', () => {
  it('names the preview and starts at a phone’s width', () => {
    renderWithI18n(<DevicePreview>{(width) => <p>Siden i {width}</p>}</DevicePreview>);
    expect(screen.getByRole('region', { name: 'Forhåndsvisning' })).toBeInTheDocument();
    const widths = screen.getByRole('group', { name: 'Bredde på forhåndsvisningen' });
    expect(widths).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mobil' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Siden i phone')).toBeInTheDocument();
  });

  it('switches to a desktop’s width and says which is shown', async () => {
    const user = userEvent.setup();
    renderWithI18n(
      <DevicePreview title="Slik ser kassen ut">{(width) => <p>Siden i {width}</p>}</DevicePreview>,
    );
    await user.click(screen.getByRole('button', { name: 'Datamaskin' }));
    expect(screen.getByRole('button', { name: 'Datamaskin' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Mobil' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('Siden i desktop')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Slik ser kassen ut' })).toBeInTheDocument();
  });

  it('makes an inert preview unusable', () => {
    renderWithI18n(
      <DevicePreview inert testId="frame">
        <button type="button">Betal</button>
      </DevicePreview>,
    );
    expect(screen.getByTestId('frame')).toHaveAttribute('inert');
  });
});
