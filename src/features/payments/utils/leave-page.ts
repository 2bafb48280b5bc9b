/** Sends the browser to another site (Stripe's registration): a module of its own, so tests can stand in. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
