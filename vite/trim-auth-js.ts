import type { Plugin } from 'vite';

/**
 * auth-js' GoTrueClient brings, to every page, code the browser app never runs: the admin API
 * (it needs the service key; the client uses one method of it, `signOut`), WebAuthn passkeys,
 * Sign in with Ethereum and Solana, SSO, ID-token and anonymous sign-in, identity linking, JWT
 * claims and the OAuth-server API. When the app is bundled (build and the dev server's dependency
 * bundle) this plugin swaps three of its modules for small stand-ins — the admin API keeps
 * `signOut` exactly as auth-js has it — and empties those GoTrueClient methods: each throws if it
 * is ever called. Lint forbids calling them (eslint.config.js), and docs/performance.md has the
 * size this saves on every page. Node code (the platform, its tests) loads auth-js untouched.
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

/** GoTrueClient methods the app never calls (nor do the methods it calls). */
const UNUSED_METHODS = new Set([
  'signInWithWeb3',
  'signInWithEthereum',
  'signInWithSolana',
  'signInWithPasskey',
  'registerPasskey',
  '_startPasskeyRegistration',
  '_verifyPasskeyRegistration',
  '_startPasskeyAuthentication',
  '_verifyPasskeyAuthentication',
  '_listPasskeys',
  '_updatePasskey',
  '_deletePasskey',
  'signInWithSSO',
  'signInWithIdToken',
  'signInAnonymously',
  'linkIdentity',
  'linkIdentityOAuth',
  'linkIdentityIdToken',
  'unlinkIdentity',
  'getClaims',
  'fetchJwk',
  '_getAuthorizationDetails',
  '_approveAuthorization',
  '_denyAuthorization',
  '_listOAuthGrants',
  '_revokeOAuthGrant',
]);

function modulePath(id: string): string | undefined {
  const path = id.replaceAll('\\', '/').split('?')[0] ?? '';
  const marker = '/@supabase/auth-js/dist/module/';
  const at = path.lastIndexOf(marker);
  return at === -1 ? undefined : path.slice(at + marker.length);
}

function standInFor(id: string): string | undefined {
  const path = modulePath(id);
  return path === undefined ? undefined : STAND_INS[path];
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** GoTrueClient with the unused methods' bodies replaced by a throw (the methods stay, so binds work). */
function emptyUnusedMethods(code: string, parse: (code: string) => unknown): string {
  const bodies: { start: number; end: number; name: string }[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const current = node as Node;
    if (current.type === 'MethodDefinition') {
      const key = current.key as { name?: string };
      const body = (current.value as { body: Node }).body;
      if (key.name && UNUSED_METHODS.has(key.name)) {
        bodies.push({ start: body.start, end: body.end, name: key.name });
        return;
      }
    }
    for (const value of Object.values(current)) if (value && typeof value === 'object') visit(value);
  };
  visit(parse(code));
  if (bodies.length !== UNUSED_METHODS.size) {
    throw new Error(
      `trim-auth-js: found ${bodies.length} of ${UNUSED_METHODS.size} GoTrueClient methods; check the list against this auth-js version`,
    );
  }
  let trimmed = code;
  for (const { start, end, name } of bodies.sort((a, b) => b.start - a.start)) {
    const replacement = `{ throw new Error('@supabase/auth-js: ${name} is not part of this app (vite/trim-auth-js.ts)'); }`;
    trimmed = trimmed.slice(0, start) + replacement + trimmed.slice(end);
  }
  return trimmed;
}

export function trimAuthJs(): Plugin {
  return {
    name: 'leadtorget:trim-auth-js',
    load(id, options) {
      if (options?.ssr) return undefined;
      return standInFor(id);
    },
    transform(code, id, options) {
      if (options?.ssr || modulePath(id) !== 'GoTrueClient.js') return undefined;
      return { code: emptyUnusedMethods(code, (source) => this.parse(source)), map: null };
    },
  };
}

/** The same stand-ins for the dev server's pre-bundled dependencies (they bypass Vite's plugins). */
export function trimAuthJsInDependencies() {
  return {
    name: 'leadtorget:trim-auth-js-deps',
    load: (id: string) => standInFor(id),
    transform(this: { parse: (code: string) => unknown }, code: string, id: string) {
      if (modulePath(id) !== 'GoTrueClient.js') return undefined;
      return { code: emptyUnusedMethods(code, (source) => this.parse(source)), map: null };
    },
  };
}
