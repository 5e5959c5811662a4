import { hostname } from 'node:os'
import { parse } from '@decimalturn/toml-patch'
import { describe, expect, test } from 'vitest'
import { seededRandom } from '../../test/helpers/seeded-random.js'
import { defaultAppConfig, renderAppToml } from '../config/app-config.js'
import { defaultClientConfig, renderClientToml } from '../config/client-config.js'
import { defaultNodeConfig, renderConfigToml } from '../config/node-config.js'
import { configDoc, diffKeys, diffLine, diffValues } from './config-diff.js'
import { migrateText, stepLines } from './config-migrate.js'

/** confix's diff and migration plan over small documents: the rules, their order, the edits. */

const doc = (text: string) => configDoc(parse(text) as Record<string, unknown>)
const lines = (a: string, b: string, f: typeof diffKeys) => f(doc(a), doc(b)).map(diffLine)

const DEFAULTS = `# top
a = 1
b = "x"

###############
### Gamma   ###
###############

[gamma]

# the list
list = ["p", "q"]

# the flag
flag = true

###############
### Zeta    ###
###############

[zeta]
z = 0
`

describe('config diff and migrate (confix rules)', () => {
  test('diffValues: changed and missing keys with their values; a top-level key only in the file is -M; tables only one side has are skipped', () => {
    const file = 'a = 2\nc = 3\n[gamma]\nflag = false\nextra = 1\n[omega]\no = 1\n'
    expect(lines(file, DEFAULTS, diffValues)).toEqual([
      '+M a=2',
      '+M b="x"',
      '-M c=3',
      '+M gamma.flag=false',
      '+M gamma.list=["p", "q"]',
    ])
    expect(lines(DEFAULTS, DEFAULTS, diffValues)).toEqual([])
    // An array of tables is a value, printed as tomledit prints one.
    expect(
      lines('a = 1\nb = "x"\n[[peers]]\nid = "p1"\nport = 1\n', 'a = 1\nb = "x"\n', diffValues),
    ).toEqual(['-M peers=[{id = "p1", port = 1}]'])
  })

  test('diffKeys: tables sorted by name, a whole table with its keys, values ignored', () => {
    const file = 'a = 9\n[omega]\no = 1\n[gamma]\nflag = 1\nlist = 2\nextra = 3\n'
    expect(lines(file, DEFAULTS, diffKeys)).toEqual([
      '+M b="x"',
      '-M gamma.extra=3',
      '-S omega=',
      '-M omega.o=1',
      '+S zeta=',
      '+M zeta.z=0',
    ])
  })

  test('migrate: removes a table and a key (with the comments above it, a value over several lines too), adds keys and a table with the defaults’ text, keeps every other line', () => {
    const file = `# top
a = 1
# an old key
old = [
  "1", # one
  "2",
]

###############
### Gamma   ###
###############

[gamma]

# mine
flag = false

[omega]
o = 1
`
    const { text, steps } = migrateText(file, DEFAULTS, 'app.toml')
    expect(text).toBe(`# top
a = 1
b = "x"

###############
### Gamma   ###
###############

[gamma]

# mine
flag = false

# the list
list = ["p", "q"]

###############
### Zeta    ###
###############

[zeta]
z = 0
`)
    expect(stepLines(steps)).toBe(
      [
        '[1] add b key            | OK',
        '[2] remove old key       | OK',
        '[3] add gamma.list key   | OK',
        '[4] remove omega section | OK',
        '[5] add zeta section     | OK',
        '[6] add zeta.z key       | OK',
        '',
      ].join('\n'),
    )
    // Migrating again changes nothing; the defaults migrate to themselves.
    expect(migrateText(text, DEFAULTS, 'app.toml')).toEqual({ text, steps: [] })
    expect(migrateText(DEFAULTS, DEFAULTS, 'app.toml').text).toBe(DEFAULTS)
  })

  test('migrate: a table the defaults have before another goes where they have it; keys go into an empty table in the plan’s (sorted) order', () => {
    const file = '# top\na = 1\nb = "x"\n\n[zeta]\nz = 5\n'
    const withEmpty = '# top\na = 1\nb = "x"\n\n[gamma]\n\n[zeta]\nz = 5\n'
    expect(migrateText(file, DEFAULTS, 'app.toml').text).toBe(
      `# top\na = 1\nb = "x"\n\n${DEFAULTS.slice(DEFAULTS.indexOf('###############\n### Gamma'), DEFAULTS.indexOf('###############\n### Zeta'))}[zeta]\nz = 5\n`,
    )
    expect(migrateText(withEmpty, DEFAULTS, 'app.toml').text).toBe(
      '# top\na = 1\nb = "x"\n\n[gamma]\n\n# the flag\nflag = true\n\n# the list\nlist = ["p", "q"]\n\n[zeta]\nz = 5\n',
    )
  })

  test('migrate: a file with CRLF line ends keeps them, the added lines too', () => {
    const file = '# top\r\na = 1\r\nb = "x"\r\n\r\n[gamma]\r\nflag = false\r\nlist = []\r\n'
    const { text } = migrateText(file, DEFAULTS, 'app.toml')
    expect(text.split('\r\n').join('\n')).not.toContain('\r')
    expect(text).toBe(
      `${file.replace(/\r\n$/, '')}\r\n\r\n${DEFAULTS.slice(DEFAULTS.indexOf('###############\n### Zeta')).trimEnd().split('\n').join('\r\n')}\r\n`,
    )
  })

  test('migrate, 300 seeded edits of the three default files: keys and whole tables dropped, unknown keys added; the result has exactly the defaults’ keys, the lines kept stay in order, and a second migration changes nothing', () => {
    const files = [
      renderAppToml(defaultAppConfig()),
      renderConfigToml(defaultNodeConfig(hostname())),
      renderClientToml(defaultClientConfig('chain-1')),
    ]
    const keyLine = /^[A-Za-z0-9_-]+ = /
    for (let seed = 1; seed <= 300; seed++) {
      const rand = seededRandom(seed)
      const defaults = files[seed % files.length]!
      const lines = defaults.replace(/\n$/, '').split('\n')
      const kept: string[] = []
      let dropTable = false
      for (const line of lines) {
        // A table's heading dropped drops its keys with it (they would land in the table before).
        if (line.startsWith('[')) dropTable = rand() < 0.15
        if (dropTable) continue
        if (keyLine.test(line) && rand() < 0.2) continue
        kept.push(line)
        if (keyLine.test(line) && rand() < 0.05)
          kept.push(`unknown-${seed}-${kept.length} = ${seed}`)
      }
      const file = `${kept.join('\n')}\n`
      const { text } = migrateText(file, defaults, 'app.toml')
      expect(diffKeys(doc(text), doc(defaults)), `seed ${seed}`).toEqual([])
      // The file's own lines (but the unknown keys) are all there, in their order.
      const out = text.split('\n')
      let at = 0
      for (const line of kept.filter((l) => !l.startsWith('unknown-'))) {
        at = out.indexOf(line, at)
        expect(at, `seed ${seed}: ${line}`).toBeGreaterThanOrEqual(0)
        at++
      }
      expect(migrateText(text, defaults, 'app.toml'), `seed ${seed}`).toEqual({ text, steps: [] })
    }
  })
})
