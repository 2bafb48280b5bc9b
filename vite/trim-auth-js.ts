import type { Plugin } from 'vite';

/**
 * auth-js' GoTrueClient imports, for every page, code the browser app never runs: the admin API
 * (it needs the service key; the client uses one method of it, `signOut`), WebAuthn passkeys and
 * Sign in with Ethereum. This plugin swaps those three modules for small stand-ins when the app is
 * bundled (build and the dev server's dependency bundle): the admin API keeps `signOut` exactly as
 * auth-js has it, and the rest throws if it is ever called. Lint forbids calling them
 * (eslint.config.js), and docs/performance.md has the size this saves on every page.
 * Node code (the platform, its tests) loads auth-js untouched.
 */
const UNAVAILABLE = `(feature) => () => { throw new Error('@supabase/auth-js: ' + feature + ' is not part of this app (vite/trim-auth-js.ts)'); }`;

const STAND_INS: Record<string, string> = {
  // The client's signOut calls admin.signOut(jwt, scope): copied from auth-js' GoTrueAdminApi.
  'GoTrueAdminApi.js': `
import { _request } from './lib/fetch';
import { resolveFetch } from './lib/helpers';
import { SIGN_OUT_SCOPES } from './lib/types';
import { isAuthError } from './lib/errors';
export default class GoTrueAdminApi {
  constructor({ url = '', headers = {}, fetch }) {
    this.url = url;
    this.headers = headers;
    this.fetch = resolveFetch(fetch);
  }
  async signOut(jwt, scope = SIGN_OUT_SCOPES[0]) {
    if (SIGN_OUT_SCOPES.indexOf(scope) < 0) {
      throw new Error(\`@supabase/auth-js: Parameter scope must be one of \${SIGN_OUT_SCOPES.join(', ')}\`);
    }
    try {
      await _request(this.fetch, 'POST', \`\${this.url}/logout?scope=\${scope}\`, {
        headers: this.headers,
        jwt,
        noResolveJson: true,
      });
      return { data: null, error: null };
    } catch (error) {
      if (isAuthError(error)) return { data: null, error };
      throw error;
    }
  }
}`,
  'lib/webauthn.js': `
const unavailable = ${UNAVAILABLE};
export const createCredential = unavailable('WebAuthn');
export const getCredential = unavailable('WebAuthn');
export const deserializeCredentialCreationOptions = unavailable('WebAuthn');
export const deserializeCredentialRequestOptions = unavailable('WebAuthn');
export const serializeCredentialCreationResponse = unavailable('WebAuthn');
export const serializeCredentialRequestResponse = unavailable('WebAuthn');
export const browserSupportsWebAuthn = () => false;
export const webAuthnAbortService = { createNewAbortSignal: unavailable('WebAuthn'), cancelCeremony: () => {} };
export class WebAuthnApi {}`,
  'lib/web3/ethereum.js': `
const unavailable = ${UNAVAILABLE};
export const createSiweMessage = unavailable('Sign in with Ethereum');
export const fromHex = unavailable('Sign in with Ethereum');
export const getAddress = unavailable('Sign in with Ethereum');
export const toHex = unavailable('Sign in with Ethereum');`,
};

function standInFor(id: string): string | undefined {
  const path = id.replaceAll('\\', '/').split('?')[0] ?? '';
  const marker = '/@supabase/auth-js/dist/module/';
  const at = path.lastIndexOf(marker);
  return at === -1 ? undefined : STAND_INS[path.slice(at + marker.length)];
}

export function trimAuthJs(): Plugin {
  return {
    name: 'leadtorget:trim-auth-js',
    load(id, options) {
      if (options?.ssr) return undefined;
      return standInFor(id);
    },
  };
}

/** The same stand-ins for the dev server's pre-bundled dependencies (they bypass Vite's plugins). */
export function trimAuthJsInDependencies() {
  return { name: 'leadtorget:trim-auth-js-deps', load: (id: string) => standInFor(id) };
}
