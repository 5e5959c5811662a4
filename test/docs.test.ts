import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import type { Command } from 'commander'
import { parse } from 'smol-toml'
import { describe, expect, test } from 'vitest'
import { envVarName, NEVER_FROM_ENV } from '../src/cli/env-options.js'
import { createProgram } from '../src/cli/program.js'
import { defaultAppConfig, renderAppToml } from '../src/config/app-config.js'
import { defaultClientConfig, renderClientToml } from '../src/config/client-config.js'
import { homeRecordPath, writeHomeRecord } from '../src/config/home-record.js'
import { defaultNodeConfig, renderConfigToml } from '../src/config/node-config.js'
import {
  codeSpans,
  docFiles,
  docText,
  flat,
  headingAnchors,
  proseLines,
  ROOT,
  relativeLinks,
} from './helpers/docs.js'
import { tempDir } from './helpers/temp-dir.js'

/**
 * The pages themselves: README.md and docs/*.md link to files and headings that exist, name no
 * document a user does not have, and document every command, flag, `SDKD_*` variable and config
 * field the product has (the RPC routes and REST paths are checked against a live node in
 * test/e2e/readme-endpoints.test.ts).
 */

const pages = docFiles()
/** Every page, its line breaks as spaces (a name may be wrapped). */
const allDocs = flat(pages.map(docText).join('\n'))

/** Every broken relative link of the pages, as `file:line → target (why)`. */
function brokenLinks(
  files: readonly string[],
  read: (file: string) => string,
  exists: (file: string) => boolean = (f) => existsSync(join(ROOT, f)),
): string[] {
  const broken: string[] = []
  for (const file of files) {
    for (const { line, target } of relativeLinks(read(file))) {
      const [path, anchor] = target.split('#') as [string, string | undefined]
      const into = path === '' ? file : normalize(join(dirname(file), path))
      const where = `${file}:${line} → ${target}`
      if (into.startsWith('..') || !exists(into)) {
        broken.push(`${where} (no file ${into})`)
      } else if (anchor !== undefined && !headingAnchors(read(into)).has(anchor)) {
        broken.push(`${where} (no heading #${anchor} in ${into})`)
      }
    }
  }
  return broken
}

describe('links', () => {
  test('behavior: every relative link of README.md and docs/*.md reaches a file, and its #anchor a heading there', () => {
    expect(pages.length).toBeGreaterThan(10)
    expect(brokenLinks(pages, docText)).toEqual([])
  })

  test('behavior: every page under docs/ is reachable from the README', () => {
    const reached = new Set<string>()
    const queue = ['README.md']
    while (queue.length > 0) {
      const file = queue.pop()!
      if (reached.has(file) || !file.endsWith('.md')) continue
      reached.add(file)
      for (const { target } of relativeLinks(docText(file))) {
        const path = target.split('#')[0]!
        if (path !== '') queue.push(normalize(join(dirname(file), path)))
      }
    }
    expect(pages.filter((p) => !reached.has(p))).toEqual([])
  })

  test('error: a missing file, a missing heading and a link out of the repository are each reported', () => {
    const files: Record<string, string> = {
      'README.md': [
        '# Top',
        '## `sdkd run` (a supervisor)',
        'See [run](#sdkd-run-a-supervisor), [up](docs/up.md#what-happens-at-the-height-the-preblocker),',
        '[gone](docs/gone.md), [nowhere](docs/up.md#nowhere), [out](../x.md), `[code](docs/gone.md)` and [a',
        'link on two lines](docs/gone.md#too).',
        '```',
        '[fenced](docs/gone.md)',
        '```',
      ].join('\n'),
      'docs/up.md': '# Up\n\n## What happens at the height (the PreBlocker)\n',
    }
    const broken = brokenLinks(
      ['README.md'],
      (f) => files[f]!,
      (f) => f in files,
    )
    expect(broken).toEqual([
      'README.md:4 → docs/gone.md (no file docs/gone.md)',
      'README.md:4 → docs/up.md#nowhere (no heading #nowhere in docs/up.md)',
      'README.md:4 → ../x.md (no file ../x.md)',
      'README.md:5 → docs/gone.md#too (no file docs/gone.md)',
    ])
  })

  test('behavior: anchors are GitHub’s: markup and punctuation dropped, spaces as dashes, repeats numbered', () => {
    const anchors = headingAnchors(
      [
        '## `sdkd start` flags',
        '## App versions ("binaries")',
        "## 2026-11-28 morning: where an included tx's time goes; block inputs of one shape",
        '### `abci_query`',
        '## Errors',
        '## Errors',
        '```',
        '## not a heading',
        '```',
      ].join('\n'),
    )
    expect([...anchors]).toEqual([
      'sdkd-start-flags',
      'app-versions-binaries',
      '2026-11-28-morning-where-an-included-txs-time-goes-block-inputs-of-one-shape',
      'abci_query',
      'errors',
      'errors-1',
    ])
  })
})

describe('words', () => {
  test('behavior: no page points to a "seed" document: a rule is stated where it applies', () => {
    const hits = pages.flatMap((file) =>
      proseLines(docText(file))
        .filter((l) => /\bseed\b|\bseed's\b|§/i.test(l.text))
        .map((l) => `${file}:${l.line}: ${l.text}`),
    )
    expect(hits).toEqual([])
  })

  test('behavior: the marked blocks are where their tests read them: the main walkthrough in README.md, cosmovisor in docs/upgrades.md', () => {
    const walkthroughs = new Set(
      pages.flatMap((file) =>
        proseLines(docText(file))
          .map((l) => /^<!-- readme-test(\([\w-]+\))?: /.exec(l.text))
          .filter((m) => m !== null)
          .map((m) => `${file}${m[1] ?? ''}`),
      ),
    )
    expect(walkthroughs).toEqual(new Set(['README.md', 'docs/upgrades.md(cosmovisor)']))
  })

  test('behavior: the README is a guide of at most 400 lines, with a table of contents', () => {
    const readme = docText('README.md')
    expect(readme.split('\n').length).toBeLessThanOrEqual(400)
    const sections = proseLines(readme)
      .filter((l) => l.text.startsWith('## '))
      .map((l) => l.text.slice(3))
    for (const s of sections)
      expect(readme, s).toContain(`](#${[...headingAnchors(`## ${s}`)][0]})`)
  })
})

/** Every command of the tree (`sdkd query gov votes`, …) with its options. */
function commands(c: Command, path: string[] = []): { path: string[]; command: Command }[] {
  return [{ path, command: c }, ...c.commands.flatMap((s) => commands(s, [...path, s.name()]))]
}

describe('the product, documented', () => {
  test('behavior: every command is written out in full as `sdkd <command> …` on a page', async () => {
    const program = await createProgram(() => {}, ['--help'])
    const leaves = commands(program).filter(
      (c) => c.path.length > 0 && c.command.commands.length === 0,
    )
    expect(leaves.length).toBeGreaterThan(40)
    const missing = leaves
      .map((c) => `sdkd ${c.path.join(' ')}`)
      .filter((name) => !allDocs.includes(`\`${name} `) && !allDocs.includes(`\`${name}\``))
    expect(missing).toEqual([])
  })

  test('behavior: every flag of every command, and every variable that stands in for one, is on a page', async () => {
    const program = await createProgram(() => {}, ['--help'])
    const flags = new Set<string>()
    // Variables named by the rule (SDKD_ and the flag) are documented by the rule; any other by name.
    const ruled = new Set<string>()
    const variables = new Set<string>()
    const without = new Set<string>()
    for (const { command } of commands(program)) {
      for (const o of command.options) {
        if (o.long) flags.add(o.long)
        if (o.envVar && o.envVar === envVarName(o)) ruled.add(o.envVar)
        else if (o.envVar) variables.add(o.envVar)
        else if (o.long && !o.negate) without.add(o.long)
      }
    }
    expect(flags.size).toBeGreaterThan(80)
    expect(ruled).toContain('SDKD_TIMEOUT_COMMIT')
    expect(ruled).toContain('SDKD_NODE')
    expect([...flags].filter((f) => !allDocs.includes(f))).toEqual([])
    expect([...variables].filter((v) => !new RegExp(`\\b${v}\\b`).test(allDocs))).toEqual([])
    const rule = flat(docText('docs/configuration.md'))
    expect(rule).toContain('Every flag of every command can also be set by a variable')
    expect(rule).toContain('`SDKD_` plus the flag name upper-cased')
    // The flags without a variable are exactly the ones the page names as such.
    expect([...without].sort()).toEqual([...NEVER_FROM_ENV].sort())
    for (const f of NEVER_FROM_ENV) expect(rule).toContain(`\`${f}\``)
  })

  test('behavior: every SDKD_* variable the product reads is on a page', () => {
    const read = new Set<string>()
    const walk = (dir: string) => {
      for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const path = `${dir}/${e.name}`
        if (e.isDirectory()) walk(path)
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
          const text = readFileSync(join(ROOT, path), 'utf8')
          for (const m of text.matchAll(/(?:env\.|env\[|['"`])(SDKD_[A-Z0-9_]+)/g)) read.add(m[1]!)
        }
      }
    }
    walk('src')
    expect(read).toContain('SDKD_V8_PRETENURING')
    expect([...read].filter((v) => !new RegExp(`\\b${v}\\b`).test(allDocs))).toEqual([])
  })

  test('behavior: every field of app.toml, config.toml, client.toml and sdkd.toml is named in docs/configuration.md or the commands', async () => {
    const { dir, cleanup } = await tempDir('sdkd-docs-')
    try {
      await writeHomeRecord(dir, {
        brand: 'sdk',
        createdBy: 'v2',
        lastRunBy: 'v2',
        upgradePlugins: ['x.mjs'],
      })
      const files = {
        'app.toml': renderAppToml(defaultAppConfig()),
        'config.toml': renderConfigToml(defaultNodeConfig('node0')),
        'client.toml': renderClientToml(defaultClientConfig('sdk-devnet-1')),
        'sdkd.toml': readFileSync(homeRecordPath(dir), 'utf8'),
      }
      const spans = ['docs/configuration.md', 'docs/commands.md'].flatMap((f) =>
        codeSpans(docText(f)),
      )
      const named = (key: string) =>
        spans.some((s) => new RegExp(`(^|[^\\w-])${key}($|[^\\w-])`).test(s))
      const missing: string[] = []
      for (const [file, text] of Object.entries(files)) {
        const walk = (table: Record<string, unknown>, at: string) => {
          for (const [key, value] of Object.entries(table)) {
            const isTable = typeof value === 'object' && value !== null && !Array.isArray(value)
            if (isTable) walk(value as Record<string, unknown>, `${at}[${key}] `)
            else if (!named(key)) missing.push(`${file} ${at}${key}`)
          }
        }
        walk(parse(text) as Record<string, unknown>, '')
      }
      expect(missing).toEqual([])
    } finally {
      await cleanup()
    }
  })
})
