import type { Plugin } from 'vite';

/** Where a build records the `VITE_*` variables it was made with (beside Vite's manifest). */
export const BUILD_ENV_FILE = '.vite/build-env.json';

/**
 * The `VITE_*` variables of an environment, sorted, as JSON. Vite bakes these into the bundle, and
 * one set in the shell overrides the `.env` files, so a build is stale when they differ — which no
 * file's modification time shows.
 */
export function viteEnvJson(env: NodeJS.ProcessEnv): string {
  const entries = Object.entries(env)
    .filter(([name]) => name.startsWith('VITE_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(Object.fromEntries(entries));
}

/** Writes BUILD_ENV_FILE into every build, for `scripts/serve-build.ts` to compare. */
export function buildEnvRecord(): Plugin {
  return {
    name: 'leadtorget-build-env',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: BUILD_ENV_FILE, source: viteEnvJson(process.env) });
    },
  };
}
