import { mkdir, readFile, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { runCommand } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { type UpstreamToolName, upstreamTool } from '../helpers/upstream-tools.js'

/**
 * scripts/install-tools.sh, the one place the upstream tools are pinned: what it installed answers
 * with the pinned version, and where Go and Python are missing it says so per tool and exits 0
 * (the tests that need them skip and print the reason), or 1 with --strict.
 */

const cleanups = cleanupAfterAll()
const SCRIPT = join(import.meta.dirname, '../../scripts/install-tools.sh')

/** Each tool's own version command and how its answer names the version. */
const VERSION_OF: Record<UpstreamToolName, { args: string[]; line: (v: string) => RegExp }> = {
  cosmovisor: { args: ['version'], line: (v) => new RegExp(`^cosmovisor version: ${v}$`, 'm') },
  grpcurl: { args: ['-version'], line: (v) => new RegExp(`^grpcurl ${v}$`, 'm') },
  cometbft: { args: ['version'], line: (v) => new RegExp(`^${v.replace(/^v/, '')}$`, 'm') },
  // abci-cli prints the ABCI protocol version of its CometBFT (2.0.0 for v0.38), not the module's.
  'abci-cli': { args: ['version'], line: () => /^2\.0\.0$/m },
  schemathesis: {
    args: ['--version'],
    line: (v) => new RegExp(`^schemathesis, version ${v}$`, 'm'),
  },
}

/** The pins at the top of the script (`COSMOVISOR_VERSION=v1.5.0` …). */
async function pins(): Promise<Record<UpstreamToolName, string>> {
  const text = await readFile(SCRIPT, 'utf8')
  const pin = (name: string) =>
    new RegExp(`^${name.toUpperCase()}_VERSION=(\\S+)$`, 'm').exec(text)![1]!
  return {
    cosmovisor: pin('cosmovisor'),
    grpcurl: pin('grpcurl'),
    cometbft: pin('cometbft'),
    // Built from the cometbft module at its pin.
    'abci-cli': pin('cometbft'),
    schemathesis: pin('schemathesis'),
  }
}

/**
 * The program interpreter (dynamic loader) a 64-bit little-endian ELF executable names in its
 * PT_INTERP program header, or undefined when it has none (a statically linked executable).
 */
function elfInterpreter(elf: Buffer): string | undefined {
  expect(elf.subarray(0, 4)).toEqual(Buffer.from('\x7fELF', 'latin1'))
  expect([elf[4], elf[5]]).toEqual([2, 1]) // ELFCLASS64, little-endian.
  const phoff = Number(elf.readBigUInt64LE(0x20))
  const phentsize = elf.readUInt16LE(0x36)
  const phnum = elf.readUInt16LE(0x38)
  for (let i = 0; i < phnum; i++) {
    const ph = phoff + i * phentsize
    if (elf.readUInt32LE(ph) !== 3) continue // PT_INTERP
    const offset = Number(elf.readBigUInt64LE(ph + 8))
    const size = Number(elf.readBigUInt64LE(ph + 32))
    return elf
      .subarray(offset, offset + size)
      .toString('latin1')
      .replace(/\0$/, '')
  }
  return undefined
}

describe('scripts/install-tools.sh', () => {
  test.for(['cosmovisor', 'grpcurl', 'cometbft', 'abci-cli', 'schemathesis'] as const)(
    'behavior: %s, as installed, is the pinned version',
    async (name, ctx) => {
      const tool = upstreamTool(name)
      if (tool.skipReason) {
        console.warn(`install-tools: ${name}: skipped: ${tool.skipReason}`)
        ctx.skip(tool.skipReason)
      }
      const pinned = (await pins())[name]
      expect(tool.version).toBe(pinned)
      const r = await runCommand(tool.path!, VERSION_OF[name].args, {
        env: { DAEMON_NAME: '', DAEMON_HOME: '' },
      })
      expect(r.stdout + r.stderr).toMatch(VERSION_OF[name].line(pinned))
    },
  )

  test('behavior: cometbft is statically linked (no ELF interpreter), so the Docker image can run it on its own Debian', async (ctx) => {
    const tool = upstreamTool('cometbft')
    if (tool.skipReason) {
      console.warn(`install-tools: cometbft: skipped: ${tool.skipReason}`)
      ctx.skip(tool.skipReason)
    }
    expect(elfInterpreter(await readFile(tool.path!))).toBeUndefined()
  })

  test('error: with no Go and no Python it names each missing tool and why, records it, and exits 0 (1 with --strict)', async () => {
    const { dir, cleanup } = await tempDir('sdkd-tools-')
    cleanups.push(cleanup)
    // A PATH with the shell tools the script uses, and neither go nor python3.
    const bin = join(dir, 'bin')
    await mkdir(bin)
    for (const tool of ['bash', 'cat', 'grep', 'sed', 'tr', 'tail', 'mkdir', 'rm', 'dirname'])
      await symlink(`/usr/bin/${tool}`, join(bin, tool))
    const env = { PATH: bin, SDKD_TOOLS_DIR: join(dir, 'tools') }
    const r = await runCommand(join(bin, 'bash'), [SCRIPT], { env })
    expect(r.code, r.stderr).toBe(0)
    const goMissing =
      'Go is not installed (no `go` on PATH): install Go, then run scripts/install-tools.sh'
    expect(r.stdout.split('\n')).toEqual([
      `upstream tools (${join(dir, 'tools')}/bin, ${join(dir, 'tools')}/venv):`,
      `cosmovisor    MISSING   ${goMissing}`,
      `grpcurl       MISSING   ${goMissing}`,
      `cometbft      MISSING   ${goMissing}`,
      `abci-cli      MISSING   ${goMissing}`,
      'schemathesis  MISSING   Python 3 is not installed (no `python3` on PATH)',
      'install-tools: 5 tool(s) missing; the tests that need them are skipped with the reason above',
      '',
    ])
    expect(await readFile(join(dir, 'tools/status/grpcurl'), 'utf8')).toBe(`missing ${goMissing}\n`)
    const strict = await runCommand(join(bin, 'bash'), [SCRIPT, '--strict'], { env })
    expect(strict.code).toBe(1)
  })
})
