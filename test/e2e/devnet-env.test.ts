import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  boundPorts,
  getJson,
  heightAtLeast,
  runSdkd,
  type SdkdProcess,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

const cleanups = cleanupAfterEach()

async function home(): Promise<string> {
  const t = await tempDir('sdkd-devnet-env-')
  cleanups.push(t.cleanup)
  return join(t.dir, 'home')
}

// REST, gRPC and metrics off: these tests look at the RPC only, and must not compete for the default
// ports.
const QUIET = {
  SDKD_API_ENABLE: 'false',
  SDKD_GRPC_ENABLE: 'false',
  SDKD_INSTRUMENTATION_PROMETHEUS: 'false',
}

/** `sdkd devnet` with the RPC on port 0 (through SDKD_RPC_LADDR); the port it bound, from its log. */
async function devnet(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ node: SdkdProcess; rpc: number }> {
  const node = startSdkd(['devnet', ...args], {
    env: { SDKD_RPC_LADDR: 'tcp://127.0.0.1:0', ...QUIET, ...env },
  })
  cleanups.push(() => node.stop())
  const { rpcPort: rpc } = await boundPorts(node)
  await heightAtLeast(rpc, 2)
  return { node, rpc }
}

async function status(rpc: number): Promise<any> {
  return (await getJson(`http://127.0.0.1:${rpc}/status`)).body.result
}

describe('sdkd devnet: environment variables', () => {
  it('behavior: SDKD_CHAIN_ID, SDKD_TIMEOUT_COMMIT and SDKD_RPC_LADDR configure a new devnet', async () => {
    const h = await home()
    const { node, rpc } = await devnet([], {
      SDKD_HOME: h,
      SDKD_CHAIN_ID: 'env-chain-7',
      SDKD_TIMEOUT_COMMIT: '1s',
    })
    // SDKD_RPC_LADDR (port 0) decided where the RPC listens, not the preset's 127.0.0.1:26657.
    expect(node.logs().find((l) => l.msg === 'serving CometBFT RPC')?.address).toBe(
      `127.0.0.1:${rpc}`,
    )
    expect(rpc).not.toBe(26657)
    expect((await status(rpc)).node_info.network).toBe('env-chain-7')
    const genesis = JSON.parse(await readFile(join(h, 'config', 'genesis.json'), 'utf8'))
    expect(genesis.chain_id).toBe('env-chain-7')
    // A block time of 1 s instead of the preset's 500 ms shows in the committed block times.
    await heightAtLeast(rpc, 4)
    const { body } = await getJson(`http://127.0.0.1:${rpc}/blockchain?minHeight=2&maxHeight=4`)
    const times = (body.result.block_metas as any[])
      .map((m) => Date.parse(m.header.time))
      .sort((a, b) => a - b)
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(950)
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(950)
    expect((await node.stop()).code).toBe(0)
  })

  it('behavior: a flag wins over its environment variable', async () => {
    const h = await home()
    const { rpc } = await devnet(['--chain-id', 'flag-chain'], {
      SDKD_HOME: h,
      SDKD_CHAIN_ID: 'env-chain',
    })
    expect((await status(rpc)).node_info.network).toBe('flag-chain')
  })

  it('behavior: an empty variable counts as unset (the preset chain id)', async () => {
    const h = await home()
    const { rpc } = await devnet([], { SDKD_HOME: h, SDKD_CHAIN_ID: '' })
    expect((await status(rpc)).node_info.network).toBe('sdk-devnet-1')
  })

  it('behavior: on an existing home the chain id stays, with a warning', async () => {
    const h = await home()
    const first = await devnet([], { SDKD_HOME: h, SDKD_CHAIN_ID: 'first-chain' })
    expect((await first.node.stop()).code).toBe(0)
    const { node, rpc } = await devnet([], { SDKD_HOME: h, SDKD_CHAIN_ID: 'second-chain' })
    expect((await status(rpc)).node_info.network).toBe('first-chain')
    const warning = await node.waitForLog((l) => l.requested_chain_id === 'second-chain')
    expect(warning).toMatchObject({ level: 40, chain_id: 'first-chain' })
  })

  it('error: a bad value names the variable, exits 1 and creates nothing', async () => {
    const h = await home()
    const r = await runSdkd(['devnet'], {
      env: { SDKD_HOME: h, SDKD_TIMEOUT_COMMIT: 'soon', ...QUIET },
    })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      `Error: option '--timeout-commit <duration>' value 'soon' from env 'SDKD_TIMEOUT_COMMIT' is invalid. time: invalid duration "soon"`,
    )
    expect(existsSync(h)).toBe(false)
  })

  it('error: a bad boolean variable fails like the bad flag does', async () => {
    const h = await home()
    const r = await runSdkd(['devnet'], { env: { SDKD_HOME: h, SDKD_API_ENABLE: 'yes' } })
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      `value 'yes' from env 'SDKD_API_ENABLE' is invalid. strconv.ParseBool: parsing "yes": invalid syntax`,
    )
    const flag = await runSdkd(['devnet', '--api.enable=yes'], { env: { SDKD_HOME: h } })
    expect(flag.code).toBe(1)
    expect(flag.stderr).toContain('strconv.ParseBool: parsing "yes": invalid syntax')
    expect(existsSync(h)).toBe(false)
  })

  it('behavior: --help lists the variable of each flag', async () => {
    const r = await runSdkd(['devnet', '--help'])
    expect(r.code).toBe(0)
    const help = r.stdout.replace(/\s+/g, ' ')
    for (const name of [
      'SDKD_CHAIN_ID',
      'SDKD_TIMEOUT_COMMIT',
      'SDKD_RPC_LADDR',
      'SDKD_API_ADDRESS',
    ]) {
      expect(help).toContain(`env: ${name}`)
    }
  })
})
