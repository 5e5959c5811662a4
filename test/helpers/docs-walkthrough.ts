import { readFileSync } from 'node:fs'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  type RunningNode,
  rest,
  startDevnetNode,
} from './devnet.js'
import { ROOT } from './docs.js'
import { type RunResult, runCommand, runSdkd, SDKD_BIN } from './sdkd.js'
import { tempDir } from './temp-dir.js'

/** The fenced `sh` block of a section of docs/commands.md (the first after its heading). */
export function commandsBlock(heading: string): string {
  const text = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8')
  const at = text.indexOf(`\n${heading}\n`)
  expect(at, `${heading} in docs/commands.md`).toBeGreaterThan(0)
  const start = text.indexOf('```sh\n', at) + '```sh\n'.length
  return text.slice(start, text.indexOf('\n```', start))
}

/** A devnet node (as `v2`) and a reader's shell in a work folder, for the CLI walkthroughs. */
export interface WalkthroughDevnet {
  home: DevnetHome
  node: RunningNode
  /** The work folder the walkthroughs run in (their files land there). */
  work: string
  /** `sdkd --home <home> <args>` (with `--node` of the devnet node when `online`). */
  sdkd(args: string[], online?: boolean): Promise<RunResult>
  /** The same, which must exit 0; its stdout. */
  ok(args: string[], online?: boolean): Promise<string>
  /** An account's stake balance, from REST. */
  stakeOf(address: string): Promise<bigint>
  /**
   * Runs a block as a reader would in the work folder (`set -euo pipefail`): `sdkd` on the PATH, the
   * home and the node as `SDKD_HOME` and `SDKD_NODE`; it must exit 0.
   */
  run(block: string, timeoutMs?: number): Promise<RunResult>
  close(): Promise<void>
}

export async function startWalkthroughDevnet(chain: string): Promise<WalkthroughDevnet> {
  const home = await createDevnetHome(chain)
  const node = await startDevnetNode(home, 'v2')
  const t = await tempDir(`sdkd-${chain}-`)
  const work = t.dir
  const bin = join(work, 'bin')
  await mkdir(bin)
  await writeFile(
    join(bin, 'sdkd'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(SDKD_BIN)} "$@"\n`,
  )
  await chmod(join(bin, 'sdkd'), 0o755)
  const sdkd = (args: string[], online = true) =>
    runSdkd(['--home', home.dir, ...args, ...(online ? ['--node', node.rpc] : [])])
  return {
    home,
    node,
    work,
    sdkd,
    async ok(args, online = true) {
      const r = await sdkd(args, online)
      expect(r.code, `sdkd ${args.join(' ')}: ${r.stderr}`).toBe(0)
      return r.stdout
    },
    async stakeOf(address) {
      const path = `/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`
      return BigInt((await rest(node, path)).balance.amount)
    },
    async run(block, timeoutMs = 150_000) {
      const r = await runCommand(
        'bash',
        ['-c', `set -euo pipefail\ncd ${JSON.stringify(work)}\n${block}`],
        {
          env: { PATH: `${bin}:${process.env.PATH}`, SDKD_HOME: home.dir, SDKD_NODE: node.rpc },
          timeoutMs,
        },
      )
      expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0)
      return r
    },
    async close() {
      await node.p.stop()
      await home.cleanup()
      await t.cleanup()
    },
  }
}
