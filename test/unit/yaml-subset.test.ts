import { describe, expect, it } from 'vitest'
import { parseYamlSubset } from '../helpers/yaml-subset.js'

/** The YAML reader the compose file's test relies on: what it reads, and what it refuses. */
describe('parseYamlSubset', () => {
  it('behavior: reads nested mappings, block and flow sequences, quoted scalars and comments', () => {
    const doc = parseYamlSubset(
      [
        '# a comment',
        'services:',
        '  node0:',
        "    command: [start, --home, \"/a b\", 'it''s']",
        '    volumes:',
        '      - ./net/node0/sdkd:/home/sdkd/.sdkd   # trailing comment',
        '    environment:',
        '      URL: tcp://127.0.0.1:26657#not-a-comment',
        '  node1:',
        '    list:',
        '    - a',
        '    empty: []',
      ].join('\n'),
    )
    expect(doc).toEqual({
      services: {
        node0: {
          command: ['start', '--home', '/a b', "it's"],
          volumes: ['./net/node0/sdkd:/home/sdkd/.sdkd'],
          environment: { URL: 'tcp://127.0.0.1:26657#not-a-comment' },
        },
        node1: { list: ['a'], empty: [] },
      },
    })
  })

  it.for([
    ['a tab', 'a:\n\tb: c', /line 2: a tab/],
    ['an anchor', 'a: &x b', /line 1: the scalar &x b/],
    ['a block scalar', 'a: |\n  text', /line 1: the scalar \|/],
    ['a flow mapping', 'a: {b: c}', /line 1: the scalar \{b: c\}/],
    ['a duplicate key', 'a: b\na: c', /line 2: the duplicate key "a"/],
    ['a deeper line after a scalar', 'a: b\n  c: d', /line 2: an indentation deeper/],
    ['a key without a value', 'a:\nb: c', /line 1: the empty value of "a"/],
    ['a key after a top-level sequence', '- a\nb: c', /line 2: a line outside the top-level block/],
    ['an unterminated quote', 'a: "b', /line 1: an unterminated quoted string/],
  ] as const)('error: refuses %s, naming the line', ([, text, message]) => {
    expect(() => parseYamlSubset(text)).toThrow(message)
  })
})
