import { cp, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { addressToBech32, bech32ToAddress } from '../../src/codec/address.js'
import { toHex } from '../../src/codec/bytes.js'
import { createLevelBackend } from '../../src/store/level-backend.js'
import { VersionedStore } from '../../src/store/versioned-store.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  proposalIdOf,
  type RunningNode,
  rest,
  startDevnetNode,
  txOk,
} from '../helpers/devnet.js'
import { LOOPBACK_PORTS, runSdkd, type SdkdProcess, startSdkd, waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * `sdkd export`, as upstream's: the state at a height as a genesis document. The round trip is
 * upstream's import/export check (simapp's TestAppImportExport) with real processes: a devnet with
 * transfers, a delegation, an unbonding, a withdraw address and a proposal in its voting period is
 * exported; a second home (the same keys) starts from that document; every module store of the new
 * chain after InitChain holds what the first held at that height, key for key, but for what
 * upstream skips too (x/staking's historical info and queues, which InitGenesis rebuilds); and the
 * new chain goes on making blocks.
 */

const cleanups = cleanupAfterEach()

async function home(chainId: string, govParams: Record<string, string> = {}): Promise<DevnetHome> {
  const h = await createDevnetHome(chainId, govParams)
  cleanups.push(h.cleanup)
  return h
}

async function start(h: DevnetHome): Promise<RunningNode> {
  const node = await startDevnetNode(h, 'v2', '200ms')
  cleanups.push(async () => void (await node.p.stop('SIGKILL')))
  return node
}

/** A second home with `a`'s keys and config, its data reset, `exported` as its genesis. */
async function homeFrom(a: DevnetHome, exported: unknown): Promise<string> {
  const { dir, cleanup } = await tempDir('sdkd-export-b-')
  cleanups.push(cleanup)
  await cp(a.dir, dir, { recursive: true })
  expect((await runSdkd(['--home', dir, 'comet', 'unsafe-reset-all'])).code).toBe(0)
  await writeFile(join(dir, 'config/genesis.json'), JSON.stringify(exported, null, 2))
  return dir
}

/** `sdkd start` on a home's loopback ports with `flags` (killed after the test if still up). */
function startOn(dir: string, flags: string[]): SdkdProcess {
  const p = startSdkd(['--home', dir, 'start', ...LOOPBACK_PORTS, '--grpc.enable=false', ...flags])
  cleanups.push(async () => void (await p.stop('SIGKILL')))
  return p
}

/**
 * Every entry of the named stores in a stopped home's latest state, as hex pairs. Read through a
 * branch over the latest state: a chain's InitChain state is its latest until its first block,
 * and no height query reaches it (upstream commits it with the first block).
 */
async function latestStores(dir: string, names: string[]): Promise<Record<string, string[]>> {
  const backend = await createLevelBackend({ path: join(dir, 'data/application.db') })
  try {
    const state = (await VersionedStore.open({ backend })).branch()
    const out: Record<string, string[]> = {}
    for (const name of names) {
      out[name] = []
      for await (const [k, v] of state.store(name).iterate())
        out[name].push(`${toHex(k)} ${toHex(v)}`)
    }
    return out
  } finally {
    await backend.close()
  }
}

/** Upstream's skipped prefixes of x/staking: historical info, the three queues, unbonding ids. */
const SKIPPED: Record<string, string[]> = {
  staking: ['50', '41', '42', '43', '37', '38', '39', '61'],
}

describe('sdkd export (e2e)', () => {
  test('behavior: a chain exported at a height and started again from the document holds the same state, store for store, and goes on', async () => {
    // A voting period no slow machine outlasts: the proposal must still be in it on the new chain.
    const a = await home('export-e2e', { voting_period: '600s' })
    const node = await start(a)
    const alice = a.accounts.alice!.address
    const bob = a.accounts.bob!.address
    const operator = addressToBech32(bech32ToAddress(a.accounts.validator!.address), 'sdkvaloper')
    await txOk(a, node, ['bank', 'send', alice, bob, '1234567stake'], 'alice')
    await txOk(a, node, ['staking', 'delegate', operator, '5000000stake'], 'alice')
    await txOk(a, node, ['staking', 'unbond', operator, '2000000stake'], 'alice')
    await txOk(a, node, ['distribution', 'set-withdraw-addr', bob], 'alice')
    const id = proposalIdOf(
      await txOk(
        a,
        node,
        [
          'gov',
          'submit-legacy-proposal',
          '--title',
          'Carried over',
          '--description',
          'a proposal in its voting period',
          '--type',
          'text',
          '--deposit',
          '10000000stake',
        ],
        'alice',
      ),
    )
    await txOk(a, node, ['gov', 'vote', id, 'yes'], 'validator')
    const stopped = (await node.p.stop()).code
    expect(stopped).toBe(0)
    const H = Number(node.p.logs().find((l) => l.msg === 'stopped cleanly')!.height)

    const file = join(a.dir, 'exported.json')
    const toFile = await runSdkd(['--home', a.dir, 'export', '--output-document', file])
    expect([toFile.code, toFile.stdout, toFile.stderr]).toEqual([0, '', ''])
    const exported = JSON.parse(await readFile(file, 'utf8'))
    const toStdout = await runSdkd(['--home', a.dir, 'export'])
    expect(toStdout.code).toBe(0)
    expect(JSON.parse(toStdout.stdout)).toEqual(exported)
    const original = JSON.parse(await readFile(join(a.dir, 'config/genesis.json'), 'utf8'))
    expect(Object.keys(exported)).toEqual([
      'app_name',
      'app_version',
      'genesis_time',
      'chain_id',
      'initial_height',
      'app_hash',
      'app_state',
      'consensus',
    ])
    expect(exported).toMatchObject({
      app_name: 'sdkd',
      chain_id: 'export-e2e',
      genesis_time: original.genesis_time,
      initial_height: H + 1,
    })
    expect(exported.consensus.params).toEqual(original.consensus.params)
    expect(exported.app_state.staking.exported).toBe(true)
    const [validator] = exported.consensus.validators
    expect(exported.consensus.validators).toHaveLength(1)
    expect(validator).toMatchObject({
      address: original.consensus.validators[0].address,
      pub_key: original.consensus.validators[0].pub_key,
    })
    expect(validator.power).toBe(exported.app_state.staking.last_validator_powers[0].power)
    expect(exported.app_state.gov.proposals.map((p: { id: string }) => p.id)).toEqual([id])

    // A second home with the same keys, its data reset, the exported document as its genesis.
    const b = await homeFrom(a, exported)
    // InitChain only: the node halts before its first block, H + 1.
    const init = startOn(b, ['--halt-height', String(H + 1)])
    expect((await init.exited).code, init.output()).toBe(0)

    const names = ['auth', 'bank', 'staking', 'slashing', 'distribution', 'mint', 'gov', 'evidence']
    const before = await latestStores(a.dir, names)
    const after = await latestStores(b, names)
    for (const name of names) {
      const skip = SKIPPED[name] ?? []
      const kept = (entries: string[]) => entries.filter((e) => !skip.some((p) => e.startsWith(p)))
      expect(before[name]!.length, `store ${name}`).toBeGreaterThan(name === 'evidence' ? -1 : 0)
      expect(kept(after[name]!), `store ${name}`).toEqual(kept(before[name]!))
    }

    // The new chain goes on from there.
    const again = startOn(b, ['--timeout-commit', '100ms'])
    const first = await again.waitForLog((l) => l.msg === 'committed block', 30_000)
    expect(first.height).toBe(H + 1)
    const address = String(
      (await again.waitForLog((l) => l.msg === 'serving REST API', 30_000)).address,
    )
    const b2 = { api: `http://${address}` } as RunningNode
    expect(
      (await rest(b2, `/sdk/staking/v1beta1/delegators/${alice}/unbonding_delegations`))
        .unbonding_responses,
    ).toHaveLength(1)
    expect((await rest(b2, `/sdk/gov/v1/proposals/${id}`)).proposal.status).toBe(
      'PROPOSAL_STATUS_VOTING_PERIOD',
    )
    expect(
      (await rest(b2, `/sdk/distribution/v1beta1/delegators/${alice}/withdraw_address`))
        .withdraw_address,
    ).toBe(bob)
    expect((await again.stop()).code).toBe(0)
  }, 180_000)

  test('behavior: --for-zero-height resets the state for a new chain at height 1 (rewards and commission withdrawn, entries at height 0) and that chain runs with its invariants asserted every block', async () => {
    const a = await home('export-zero')
    const node = await start(a)
    const alice = a.accounts.alice!.address
    const operator = addressToBech32(bech32ToAddress(a.accounts.validator!.address), 'sdkvaloper')
    await txOk(a, node, ['staking', 'delegate', operator, '5000000stake'], 'alice')
    await txOk(a, node, ['staking', 'unbond', operator, '1000000stake'], 'alice')
    // Blocks after the unbonding (which paid out her rewards) pay her rewards again.
    await waitFor(
      async () =>
        (await rest(node, `/sdk/distribution/v1beta1/delegators/${alice}/rewards`)).total.length > 0
          ? true
          : undefined,
      20_000,
      'rewards to accrue',
    )
    expect((await node.p.stop()).code).toBe(0)
    const balanceAt = async (api: string, address: string) =>
      BigInt(
        (
          await rest(
            { api } as RunningNode,
            `/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`,
          )
        ).balance.amount,
      )

    const file = join(a.dir, 'zero.json')
    const r = await runSdkd([
      '--home',
      a.dir,
      'export',
      '--for-zero-height',
      '--output-document',
      file,
    ])
    expect([r.code, r.stderr]).toEqual([0, ''])
    const exported = JSON.parse(await readFile(file, 'utf8'))
    expect(exported.initial_height).toBe(0)
    const { staking, distribution, slashing } = exported.app_state
    expect(staking.unbonding_delegations[0].entries.map((e: any) => e.creation_height)).toEqual([
      '0',
    ])
    expect(staking.validators.map((v: any) => v.unbonding_height)).toEqual(['0'])
    expect(slashing.signing_infos.map((i: any) => i.validator_signing_info.start_height)).toEqual([
      '0',
    ])
    expect(distribution.validator_slash_events).toEqual([])
    expect(
      distribution.validator_accumulated_commissions.map((c: any) => c.accumulated.commission),
    ).toEqual([[]])
    expect(distribution.delegator_starting_infos.map((i: any) => i.starting_info.height)).toEqual(
      distribution.delegator_starting_infos.map(() => '0'),
    )
    // The rewards were paid out: alice holds more than her balance at the height exported.
    const exportedAlice = exported.app_state.bank.balances.find((b: any) => b.address === alice)
    const plain = JSON.parse(
      (await runSdkd(['--home', a.dir, 'export', '--modules-to-export', 'bank'])).stdout,
    ).app_state.bank.balances.find((b: any) => b.address === alice)
    expect(BigInt(exportedAlice.coins[0].amount)).toBeGreaterThan(BigInt(plain.coins[0].amount))

    const b = await homeFrom(a, exported)
    const again = startOn(b, ['--timeout-commit', '100ms'])
    const first = await again.waitForLog((l) => l.msg === 'committed block', 30_000)
    expect(first.height).toBe(1)
    await again.waitForLog((l) => l.msg === 'committed block' && l.height === 4, 30_000)
    const api = `http://${String((await again.waitForLog((l) => l.msg === 'serving REST API')).address)}`
    expect(await balanceAt(api, alice)).toBe(BigInt(exportedAlice.coins[0].amount))
    const delegations = await rest(
      { api } as RunningNode,
      `/sdk/staking/v1beta1/delegations/${alice}`,
    )
    expect(delegations.delegation_responses[0].balance).toEqual({
      denom: 'stake',
      amount: '4000000',
    })
    expect((await again.stop()).code).toBe(0)
  }, 180_000)

  test("behavior: --jail-allowed-addrs jails every other validator in a zero-height export: the document's validator set is the allowed ones", async () => {
    const { dir, cleanup } = await tempDir('sdkd-export-jail-')
    cleanups.push(cleanup)
    const init = await runSdkd(['--home', dir, 'init', 'n0', '--devnet', '--validators', '2'])
    expect(init.code, init.stderr).toBe(0)
    const p = startOn(dir, ['--halt-height', '4', '--timeout-commit', '50ms'])
    expect((await p.exited).code).toBe(0)
    const plain = JSON.parse((await runSdkd(['--home', dir, 'export'])).stdout)
    const operators = plain.app_state.staking.validators.map((v: any) => v.operator_address)
    expect(operators).toHaveLength(2)
    expect(plain.consensus.validators).toHaveLength(2)
    const [kept, jailed] = operators
    const r = await runSdkd([
      '--home',
      dir,
      'export',
      '--for-zero-height',
      '--jail-allowed-addrs',
      kept,
    ])
    expect([r.code, r.stderr]).toEqual([0, ''])
    const { app_state, consensus } = JSON.parse(r.stdout)
    const byOperator = new Map(
      app_state.staking.validators.map((v: any) => [v.operator_address, v]),
    )
    expect((byOperator.get(kept) as any).jailed).toBe(false)
    expect((byOperator.get(jailed) as any).jailed).toBe(true)
    expect(app_state.staking.last_validator_powers.map((v: any) => v.address)).toEqual([kept])
    expect(consensus.validators).toHaveLength(1)
    expect(consensus.validators[0].pub_key.value).toBe(
      (byOperator.get(kept) as any).consensus_pubkey.key,
    )
  }, 90_000)

  test('errors: a height the home does not keep, an unknown module, a running node, a home that never started', async () => {
    const a = await home('export-errors')
    let r = await runSdkd(['--home', a.dir, 'export'])
    expect([r.code, r.stdout]).toEqual([1, ''])
    expect(r.stderr).toBe(
      `Error: error exporting state: the chain of ${a.dir} has no block yet: its state is config/genesis.json\n`,
    )
    const node = await start(a)
    r = await runSdkd(['--home', a.dir, 'export'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /^Error: a node is running on .+ is locked\): stop it first; nothing was exported\n$/,
    )
    await node.p.stop()
    r = await runSdkd(['--home', a.dir, 'export', '--height', '100000'])
    expect([r.code, r.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^Error: error exporting state: the state at height 100000 is not kept: this home holds heights 1 to \d+\n$/,
      ),
    ])
    r = await runSdkd(['--home', a.dir, 'export', '--modules-to-export', 'bank,nosuch'])
    expect([r.code, r.stderr]).toEqual([
      1,
      'Error: error exporting state: module nosuch does not exist: invalid request\n',
    ])
    const operator = addressToBech32(bech32ToAddress(a.accounts.validator!.address), 'sdkvaloper')
    r = await runSdkd(['--home', a.dir, 'export', '--jail-allowed-addrs', operator])
    expect([r.code, r.stderr]).toEqual([
      1,
      'Error: --jail-allowed-addrs goes with --for-zero-height\n',
    ])
    r = await runSdkd(['--home', a.dir, 'export', '--for-zero-height', '--height', '1'])
    expect([r.code, r.stderr]).toEqual([
      1,
      expect.stringMatching(
        /^Error: error exporting state: --for-zero-height exports the latest height \(\d+\) only, not 1\n$/,
      ),
    ])
    r = await runSdkd(['--home', a.dir, 'export', '--modules-to-export', 'bank,mint'])
    expect(r.code).toBe(0)
    expect(Object.keys(JSON.parse(r.stdout).app_state)).toEqual(['bank', 'mint'])
  }, 90_000)
})
