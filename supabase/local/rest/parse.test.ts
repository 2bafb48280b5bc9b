/** Unit tests of the select, filter and order grammars. */
import { parseCondition, parseLogic, parseOrder } from './parse-filters.ts';
import { parseSelect } from './parse-select.ts';

describe('parseSelect', () => {
  it('parses aliases, casts, json paths and nested embeds with hints', () => {
    expect(
      parseSelect('id,label:name::text,data->a->>b,org:organizations!owner_fk!inner(id,m:members(*))'),
    ).toEqual([
      { kind: 'column', name: 'id', path: [] },
      { kind: 'column', name: 'name', path: [], alias: 'label', cast: 'text' },
      {
        kind: 'column',
        name: 'data',
        path: [
          { arrow: '->', key: 'a' },
          { arrow: '->>', key: 'b' },
        ],
      },
      {
        kind: 'embed',
        relation: 'organizations',
        alias: 'org',
        hint: 'owner_fk',
        inner: true,
        select: [
          { kind: 'column', name: 'id', path: [] },
          { kind: 'embed', relation: 'members', alias: 'm', inner: false, select: [{ kind: 'star' }] },
        ],
      },
    ]);
  });

  it.each(['id,(x', 'a;b', 'id::text;drop', 'x)', '"a""b"', 'a,,b'])('rejects %s', (input) => {
    expect(() => parseSelect(input)).toThrow();
  });
});

describe('filters', () => {
  it('parses operators, not, in lists and fts configs', () => {
    expect(parseCondition('a', 'not.in.(1,"x,y")')).toMatchObject({
      negate: true,
      op: 'in',
      value: ['1', 'x,y'],
    });
    expect(parseCondition('a', 'fts(english).cat')).toMatchObject({
      op: 'fts',
      ftsConfig: 'english',
      value: 'cat',
    });
    expect(() => parseCondition('a', 'drop.1')).toThrow();
    expect(() => parseCondition('a', 'is.maybe')).toThrow();
  });

  it('parses nested logic trees', () => {
    const tree = parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.is.null))');
    expect(tree.children).toHaveLength(2);
    expect(tree.children[1]).toMatchObject({ kind: 'logic', op: 'and', negate: true });
  });

  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,b')).toEqual([
      { column: 'a', path: [], descending: true, nulls: 'last' },
      { column: 'b', path: [], descending: false },
    ]);
    expect(() => parseOrder('a.sideways')).toThrow();
  });
});
