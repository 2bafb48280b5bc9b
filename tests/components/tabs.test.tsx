import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from '@/components/tabs';
import type { TabItem } from '@/components/tabs';
import { renderWithI18n } from './i18n-for-tests';

const items: TabItem[] = [
  { value: 'general', label: 'Generelt', content: <p>Generelle innstillinger</p> },
  { value: 'members', label: 'Medlemmer', content: <p>Liste over medlemmer</p> },
  { value: 'billing', label: 'Fakturering', content: <p>Betalingskort</p> },
];

describe('Tabs', () => {
  it('names the tab list and shows the first tab', () => {
    renderWithI18n(<Tabs label="Innstillinger" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Innstillinger' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Generelt' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Generelt' })).toHaveTextContent('Generelle innstillinger');
  });

  it('switches with a click', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Tabs label="Innstillinger" items={items} />);
    await user.click(screen.getByRole('tab', { name: 'Medlemmer' }));
    expect(screen.getByRole('tabpanel', { name: 'Medlemmer' })).toHaveTextContent('Liste over medlemmer');
    expect(screen.queryByText('Generelle innstillinger')).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithI18n(<Tabs label="Innstillinger" items={items} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Generelt' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Medlemmer' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Medlemmer' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Fakturering' })).toHaveAttribute('aria-selected', 'true');
  });

  it('can be controlled', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('billing');
      return (
        <Tabs
          label="Innstillinger"
          items={items}
          value={value}
          onValueChange={(next) => {
            setValue(next);
            onValueChange(next);
          }}
        />
      );
    }
    renderWithI18n(<Controlled />);
    expect(screen.getByRole('tab', { name: 'Fakturering' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Generelt' }));
    expect(onValueChange).toHaveBeenCalledWith('general');
    expect(screen.getByRole('tab', { name: 'Generelt' })).toHaveAttribute('aria-selected', 'true');
  });
});
