import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type DevnetHome,
  heightOf,
  type RunningNode,
  startDevnetNode,
  tx,
} from '../helpers/devnet.js'
import {
  getJson,
  heightAtLeast,
  LOOPBACK_PORTS,
  rpcCall,
  runSdkd,
  startSdkd,
} from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * x/distribution on a running devnet of 4 validators (powers 40, 30, 20, 10), read as a user sees
 * it: the blocks' `commission`/`rewards` events, the distribution account's balance, the
 * `withdraw_rewards` a delegation change pays and the balance it moves — across delegate,
 * redelegate, undelegate and a downtime slash. The node asserts x/distribution's invariants after
 * every block: that it keeps committing blocks is itself a check that the records stay exact.
 */

const DISTRIBUTION = 'sdk1jv65s3grqf6v6jl3dp4t6c9t9rk99cd8jkgtw2'
type Event = { type: string; attributes: { key: string; value: string }[] }
const attrs = (e: Event) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value]))
/** A decimal coin amount (`12.500000000000000000stake`) as its integer scaled by 10^18. */
const scaled = (amount: string): bigint => {
  const [whole, frac = ''] = amount.replace(/stake$/, '').split('.')
  return BigInt(whole!) * 10n ** 18n + BigInt(frac.padEnd(18, '0'))
}

describe('x/distribution on a devnet of 4 validators', () => {
  let home: DevnetHome
  let node: RunningNode
  let operators: string[] = []
  let alice = ''

  beforeAll(async () => {
    const { dir, cleanup } = await tempDir('sdkd-distr-')
    const r = await runSdkd([
      '--home',
      dir,
      'init',
      'node0',
      '--devnet',
      '--chain-id',
      'distr-e2e',
      '--validators',
      '4',
      '--powers',
      '40,30,20,10',
    ])
    if (r.code !== 0) throw new Error(r.stderr)
    alice = /- name: alice\n {2}address: (\S+)/.exec(r.stdout)![1]!
    // A short liveness window, so a validator that stops signing is slashed within seconds.
    const file = join(dir, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(file, 'utf8'))
    Object.assign(genesis.app_state.slashing.params, {
      signed_blocks_window: '10',
      min_signed_per_window: '0.5',
    })
    await writeFile(file, JSON.stringify(genesis, null, 2))
    home = { dir, chainId: 'distr-e2e', accounts: {}, cleanup }
    node = await startDevnetNode(home, 'v2', '100ms')
    await heightAtLeast(node.rpcPort, 4)
    const vals = (await getJson(`${node.api}/sdk/staking/v1beta1/validators`)).body.validators
    // By power, highest first: operators[3] is the validator of power 10.
    operators = (vals as { operator_address: string; tokens: string }[])
      .sort((a, b) => Number(BigInt(b.tokens) - BigInt(a.tokens)))
      .map((v) => v.operator_address)
  }, 90_000)

  afterAll(async () => {
    await node?.p.stop()
    await home?.cleanup()
  })

  const balanceAt = async (address: string, height: number): Promise<bigint> => {
    const r = await getJson(
      `${node.api}/sdk/bank/v1beta1/balances/${address}/by_denom?denom=stake`,
      {
        headers: { 'x-sdk-block-height': String(height) },
      },
    )
    expect(r.headers.get('x-sdk-block-height')).toBe(String(height))
    return BigInt(r.body.balance.amount)
  }

  /** Runs a staking tx of alice's; checks her balance moved by exactly −fee −spent +withdrawn. */
  const staking = async (args: string[], spent: bigint) => {
    const res = await tx(home, node, ['staking', ...args, '--gas', '600000'], 'alice')
    expect(res.code, res.raw_log).toBe(0)
    const height = Number(res.height)
    const withdrawn = (res.events as Event[])
      .filter((e) => e.type === 'withdraw_rewards')
      .map(attrs)
      .filter((a) => a.delegator === alice)
    const paid = withdrawn.reduce((s, a) => s + BigInt(a.amount!.replace(/stake$/, '') || '0'), 0n)
    const fee = BigInt(res.tx.auth_info.fee.amount[0]?.amount ?? '0')
    const before = await balanceAt(alice, height - 1)
    const after = await balanceAt(alice, height)
    expect(after - before).toBe(paid - fee - spent)
    return { height, withdrawn, paid }
  }

  it('behavior: each block gives every validator of the last commit its share: commission and rewards events; the distribution account grows', async () => {
    const h = await heightOf(node)
    const r = await rpcCall(node.rpcPort, 'block_results', { height: String(h) })
    const events = r.result.finalize_block_events as Event[]
    const rewards = events.filter((e) => e.type === 'rewards').map(attrs)
    expect(rewards.map((a) => a.validator).sort()).toEqual([...operators].sort())
    // Shares follow the power (40:30:20:10), truncated: the first gets about four times the last.
    const amount = (op: string) =>
      Number.parseFloat(rewards.find((a) => a.validator === op)!.amount!.replace(/stake$/, ''))
    expect(amount(operators[0]!) / amount(operators[3]!)).toBeCloseTo(4, 1)
    expect(events.filter((e) => e.type === 'commission')).toHaveLength(4)
    // The community pool gets the tax (2%) of what moved, plus dust below 10^-17: the validators'
    // shares add up to the other 98%, truncated.
    const moved = events
      .filter((e) => e.type === 'transfer')
      .map(attrs)
      .find((a) => a.recipient === DISTRIBUTION)!
    const total = BigInt(moved.amount!.replace(/stake$/, '')) * 10n ** 18n
    const shares = rewards.reduce((sum, a) => sum + scaled(a.amount!), 0n)
    const pool = total - shares
    expect(pool >= (total * 2n) / 100n).toBe(true)
    expect(pool - (total * 2n) / 100n < 10n).toBe(true)
    expect(await balanceAt(DISTRIBUTION, h)).toBeGreaterThan(await balanceAt(DISTRIBUTION, h - 1))
  })

  it('behavior: rewards stay exact across delegate, a downtime slash, redelegate and undelegate: each change pays the truncated reward to the delegator', async () => {
    const weak = operators[3]!
    await staking(['delegate', weak, '5000000stake'], 5_000_000n)
    await heightAtLeast(node.rpcPort, (await heightOf(node)) + 3)
    // Adding to the delegation withdraws what it earned first.
    const second = await staking(['delegate', weak, '1000stake'], 1000n)
    expect(second.withdrawn).toHaveLength(1)
    expect(second.withdrawn[0]).toMatchObject({ validator: weak, delegator: alice })
    expect(second.paid).toBeGreaterThan(0n)
    // The validator of power 10 stops signing: it misses the window and is slashed and jailed.
    const off = await rpcCall(node.rpcPort, 'dev_setSigningStatus', {
      validator: weak,
      signing: false,
    })
    expect(off.result).toMatchObject({ signing: false })
    const deadline = Date.now() + 30_000
    let jailed = false
    while (!jailed && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200))
      const v = (await getJson(`${node.api}/sdk/staking/v1beta1/validators/${weak}`)).body
      jailed = v.validator?.jailed === true
    }
    expect(jailed).toBe(true)
    await rpcCall(node.rpcPort, 'dev_setSigningStatus', { validator: weak, signing: true })
    // Rewards from before the slash are paid at the slashed stake's rate afterwards: the change
    // still balances to the unit.
    await staking(['delegate', weak, '1000stake'], 1000n)
    const moved = await staking(['redelegate', weak, operators[0]!, '2000000stake'], 0n)
    expect(moved.withdrawn.map((a) => a.validator)).toContain(weak)
    await heightAtLeast(node.rpcPort, (await heightOf(node)) + 3)
    const out = await staking(['unbond', operators[0]!, '1000000stake'], 0n)
    expect(out.withdrawn.map((a) => a.validator)).toEqual([operators[0]])
    expect(out.paid).toBeGreaterThan(0n)
    // Blocks keep coming: every one since passed the invariants.
    const h = await heightOf(node)
    await heightAtLeast(node.rpcPort, h + 2)
  })

  it('error: a block that breaks an invariant is refused: the node stops (exit 1) naming it, and restarts on the last good state', async () => {
    const before = await heightOf(node)
    // Out of band, coins appear in the distribution account that no record accounts for (more
    // than it owes: every withdrawal could still be paid, but the holdings no longer match).
    const reply = await rpcCall(node.rpcPort, 'dev_setBalance', {
      address: DISTRIBUTION,
      coins: '999999999999999stake',
    })
    expect(reply.error.data).toContain(
      'invariant broken: distribution: ModuleAccount coins invariant',
    )
    const exited = await node.p.exited
    expect(exited.code).toBe(1)
    expect(node.p.output()).toContain(
      'invariant broken: distribution: ModuleAccount coins invariant',
    )
    // Had the refused block been committed, every later block would break the invariant too: the
    // restarted node keeps committing from where it stopped.
    node = await startDevnetNode(home, 'v2', '100ms')
    const after = await heightOf(node)
    expect(after).toBeGreaterThanOrEqual(before)
    await heightAtLeast(node.rpcPort, after + 3)
    expect(node.p.output()).not.toContain('invariant broken')
  })

  it('behavior: --inv-check-period 0 asserts no invariant: the same out-of-band edit is committed', async () => {
    await node.p.stop()
    node = await startDevnetNode(home, 'v2', '100ms', ['--inv-check-period', '0'])
    const reply = await rpcCall(node.rpcPort, 'dev_setBalance', {
      address: DISTRIBUTION,
      coins: '999999999999999stake',
    })
    expect(reply.error).toBeUndefined()
    const height = Number(reply.result.height)
    expect(await balanceAt(DISTRIBUTION, height)).toBe(999999999999999n)
    await heightAtLeast(node.rpcPort, height + 2)
  })

  it('behavior: a home that is not a devnet asserts no invariant unless asked, as upstream', async () => {
    await node.p.stop()
    // The same home, no longer marked as a devnet's; its dev API is asked for explicitly.
    const record = join(home.dir, 'config/sdkd.toml')
    await writeFile(record, (await readFile(record, 'utf8')).replace(/^devnet = true\n/m, ''))
    node = await startDevnetNode(home, 'v2', '100ms', ['--dev.enable'])
    const reply = await rpcCall(node.rpcPort, 'dev_setBalance', {
      address: DISTRIBUTION,
      coins: '999999999999998stake',
    })
    expect(reply.error).toBeUndefined()
    await heightAtLeast(node.rpcPort, Number(reply.result.height) + 2)
    await node.p.stop()
    // Asked for, the check finds the committed state broken at the next block, and stops there.
    const checked = startSdkd([
      '--home',
      home.dir,
      'start',
      ...LOOPBACK_PORTS,
      '--grpc.enable=false',
      '--inv-check-period',
      '1',
    ])
    expect((await checked.exited).code).toBe(1)
    expect(checked.output()).toContain(
      'invariant broken: distribution: ModuleAccount coins invariant',
    )
  })
})
