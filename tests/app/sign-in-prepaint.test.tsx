import { renderSignInPrepaint } from '@/app/prepaint/sign-in-prepaint';

describe('renderSignInPrepaint', () => {
  it('renders the public layout with the Norwegian sign-in form, as a visitor without a session sees it', async () => {
    document.body.innerHTML = await renderSignInPrepaint();
    expect(document.querySelector('h1')?.textContent).toBe('Logg inn');
    expect(document.querySelector('header a[href="/"]')?.textContent).toContain('Leadtorget');
    expect(document.querySelector('main#main form input[type="email"]')).not.toBeNull();
    expect(document.querySelector('main#main form input[type="password"]')).not.toBeNull();
    expect([...document.querySelectorAll('button')].map((button) => button.textContent)).toContain(
      'Logg inn',
    );
  });
});
