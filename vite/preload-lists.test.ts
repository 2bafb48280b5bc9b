import { describe, expect, it } from 'vitest';
import { preloadLists } from './preload-lists.ts';

const chunk = (fileName: string, imports: string[] = []) => ({ type: 'chunk', fileName, imports });

describe('preloadLists', () => {
  it('leaves out of an import()’s preload list what the importing chunk has loaded already', () => {
    const { plugin, resolveDependencies } = preloadLists();
    const bundle = {
      'assets/start.js': chunk('assets/start.js', ['assets/react.js', 'assets/i18n.js']),
      'assets/i18n.js': chunk('assets/i18n.js', ['assets/runtime.js']),
      'assets/react.js': chunk('assets/react.js'),
      'assets/runtime.js': chunk('assets/runtime.js'),
      'assets/screen.js': chunk('assets/screen.js', ['assets/react.js', 'assets/table.js']),
      'assets/table.js': chunk('assets/table.js'),
    };
    const generateBundle = plugin.generateBundle as (options: unknown, bundle: unknown) => void;
    generateBundle({}, bundle);
    const deps = [
      'assets/screen.js',
      'assets/react.js',
      'assets/runtime.js',
      'assets/table.js',
      'assets/screen.css',
    ];
    expect(
      resolveDependencies('assets/screen.js', deps, { hostId: 'assets/start.js', hostType: 'js' }),
    ).toEqual(['assets/screen.js', 'assets/table.js', 'assets/screen.css']);
    // index.html's own list and an importer it does not know stay whole.
    expect(resolveDependencies('assets/screen.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(
      deps,
    );
    expect(
      resolveDependencies('assets/screen.js', deps, { hostId: 'assets/other.js', hostType: 'js' }),
    ).toEqual(deps);
  });
});
