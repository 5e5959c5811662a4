import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { createNodeClient } from '../../src/client/node-client.js'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  type DevnetHome,
  GOV_ADDRESS,
  heightOf,
  proposalIdOf,
  type RunningNode,
  rest,
  startDevnetNode,
  tx,
  txOk,
} from '../helpers/devnet.js'
import { runSdkd, waitFor } from '../helpers/sdkd.js'

/**
 * The seed's upgrade flow through governance with real processes (seed §3, reference §5.5): the
 * devnet home, `sdkd start` for v1 and v2, and the CLI for every transaction. The chain is driven
 * through the dev API, not the wall clock: a block per tx (`instant`), voting periods ended by time
 * travel, heights reached by `dev_mine`.
 */

const cleanups = cleanupAfterEach()

/**
 * A real chain's periods (upstream defaults): no tx, however slow its CLI process, can miss its
 * period, and only time travel ends one.
 */
const GOV_PERIODS = {
  voting_period: '172800s',
  expedited_voting_period: '86400s',
  max_deposit_period: '172800s',
}

const TALLY_YES = {
  yes_count: '10000000',
  abstain_count: '0',
  no_count: '0',
  no_with_veto_count: '0',
}

async function devnet(): Promise<DevnetHome> {
  const home = await createDevnetHome('gov-e2e', GOV_PERIODS, 'v1')
  cleanups.push(home.cleanup)
  return home
}

/** Calls a method of the node's dev API (on in a devnet home); its result. */
async function dev(
  node: RunningNode,
  method: string,
  params: Record<string, unknown> = {},
): Promise<Record<string, string>> {
  return (await createNodeClient({ url: node.rpc }).call(method, params)) as Record<string, string>
}

/** Mines `blocks` blocks now; the new height. */
async function mine(node: RunningNode, blocks: number): Promise<number> {
  return Number((await dev(node, 'dev_mine', { blocks })).height)
}

/** Starts the node with a block per tx and none otherwise (`instant`): heights move only on demand. */
async function start(home: DevnetHome, appVersion: string): Promise<RunningNode> {
  const node = await startDevnetNode(home, appVersion)
  cleanups.push(() => node.p.stop('SIGKILL'))
  await dev(node, 'dev_setMining', { mode: 'instant' })
  return node
}

/** Ends the proposal's voting period: the next block, mined now, takes its voting_end_time. */
async function endVoting(node: RunningNode, id: string): Promise<Record<string, any>> {
  const { proposal } = await rest(node, `/sdk/gov/v1/proposals/${id}`)
  expect(proposal.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
  await dev(node, 'dev_setNextBlockTime', { time: proposal.voting_end_time })
  await mine(node, 1)
  return (await rest(node, `/sdk/gov/v1/proposals/${id}`)).proposal
}

const upgradeArgs = (name: string, height: number, extra: string[] = []) => [
  'upgrade',
  'software-upgrade',
  name,
  '--title',
  `Upgrade to ${name}`,
  '--summary',
  `Moves the chain to ${name}`,
  '--upgrade-height',
  String(height),
  '--upgrade-info',
  '{"binaries":{"any":"https://example.com/sdkd.zip"}}',
  '--no-validate',
  ...extra,
]

describe('upgrade through governance (e2e)', () => {
  test('behavior: submit → deposit → vote → passed → plan → v1 halts at the height (exit 2, upgrade-info.json) → v2 applies it and the chain continues', async () => {
    const home = await devnet()
    const v1 = await start(home, 'v1')
    const h = await heightOf(v1)
    // Submit, deposit, vote and the tally take the next four blocks: the plan lies after them.
    const H = h + 10

    const submitted = await txOk(
      home,
      v1,
      upgradeArgs('v2', H, ['--deposit', '5000000stake']),
      'alice',
    )
    const id = proposalIdOf(submitted)
    expect(id).toBe('1')
    let { proposal } = await rest(v1, `/sdk/gov/v1/proposals/${id}`)
    expect(proposal.status).toBe('PROPOSAL_STATUS_DEPOSIT_PERIOD')
    expect(proposal.messages[0]).toEqual({
      '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
      authority: GOV_ADDRESS,
      plan: {
        name: 'v2',
        time: '0001-01-01T00:00:00Z',
        height: String(H),
        info: '{"binaries":{"any":"https://example.com/sdkd.zip"}}',
        upgraded_client_state: null,
      },
    })

    await txOk(home, v1, ['gov', 'deposit', id, '5000000stake'], 'bob')
    ;({ proposal } = await rest(v1, `/sdk/gov/v1/proposals/${id}`))
    expect(proposal.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
    expect(proposal.total_deposit).toEqual([{ denom: 'stake', amount: '10000000' }])

    await txOk(home, v1, ['gov', 'vote', id, 'yes'], 'validator')
    const live = await rest(v1, `/sdk/gov/v1/proposals/${id}/tally`)
    expect(live.tally).toEqual(TALLY_YES)

    const decided = await endVoting(v1, id)
    expect(decided.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(decided.final_tally_result).toEqual(TALLY_YES)
    const { plan } = await rest(v1, '/sdk/upgrade/v1beta1/current_plan')
    expect(plan).toMatchObject({ name: 'v2', height: String(H) })
    // The CLI reads the same through the RPC's abci_query.
    const shown = await runSdkd([
      '--home',
      home.dir,
      'query',
      'gov',
      'proposal',
      id,
      '--node',
      v1.rpc,
      '-o',
      'json',
    ])
    expect(JSON.parse(shown.stdout).proposal.status).toBe('PROPOSAL_STATUS_PASSED')
    // The deposits went back to their depositors.
    const deposits = await rest(v1, `/sdk/gov/v1/proposals/${id}/deposits`)
    expect(deposits.deposits).toEqual([])

    // Up to H−1 v1 runs on with the plan pending.
    expect(await mine(v1, H - 1 - (await heightOf(v1)))).toBe(H - 1)
    expect(v1.p.child.exitCode).toBeNull()
    // v1 has no handler for v2: block H halts it with the upstream line and exit status 2 (the mine
    // gets no answer: the node closes its connections as it stops).
    await expect(mine(v1, 1)).rejects.toThrow()
    const exit = await waitFor(
      async () => (v1.p.child.exitCode === null ? undefined : v1.p.exited),
      20_000,
      'v1 to exit after halting at the upgrade height',
    )
    expect(exit.code).toBe(2)
    const needed = v1.p.logs().find((l) => String(l.msg).startsWith('UPGRADE "v2" NEEDED'))
    expect(needed?.msg).toBe(
      `UPGRADE "v2" NEEDED at height: ${H}: {"binaries":{"any":"https://example.com/sdkd.zip"}}`,
    )
    const infoPath = join(home.dir, 'data/upgrade-info.json')
    expect(await readFile(infoPath, 'utf8')).toBe(
      `{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H},"info":"{\\"binaries\\":{\\"any\\":\\"https://example.com/sdkd.zip\\"}}"}`,
    )
    expect((await stat(infoPath)).mode & 0o777).toBe(0o600)

    // v2 applies the upgrade in its first block, H (so v1 committed nothing of H), and the chain goes on.
    const v2 = await start(home, 'v2')
    expect(
      v2.p
        .logs()
        .filter((l) => l.module === 'x/upgrade')
        .map((l) => l.msg),
    ).toEqual([`applying upgrade "v2" at height: ${H}`])
    const resumed = await heightOf(v2)
    expect(resumed).toBeGreaterThanOrEqual(H)
    expect(await mine(v2, 2)).toBe(resumed + 2)
    expect(await rest(v2, '/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: String(H) })
    expect(await rest(v2, '/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })
    const versions = await rest(v2, '/sdk/upgrade/v1beta1/module_versions?module_name=consensus')
    expect(versions).toEqual({ module_versions: [{ name: 'consensus', version: '1' }] })
    // Governance state lives on: the proposal and the stake are still there under v2.
    ;({ proposal } = await rest(v2, `/sdk/gov/v1/proposals/${id}`))
    expect(proposal.status).toBe('PROPOSAL_STATUS_PASSED')
    expect((await rest(v2, '/sdk/staking/v1beta1/pool')).pool.bonded_tokens).toBe('10000000')
  }, 180_000)

  test('behavior: a second passed proposal moves the plan’s height; a passed cancel proposal removes it; the chain then passes both heights', async () => {
    const home = await devnet()
    const node = await start(home, 'v1')
    const h = await heightOf(node)
    // Expedited proposals (their own voting period, 2/3 threshold), ended by time travel.
    const expedited = ['--deposit', '50000000stake', '--expedited']
    const pass = async (args: string[]) => {
      const id = proposalIdOf(await txOk(home, node, args, 'alice'))
      await txOk(home, node, ['gov', 'vote', id, 'yes'], 'validator')
      // The vote is counted: the live tally shows the validator's stake.
      expect((await rest(node, `/sdk/gov/v1/proposals/${id}/tally`)).tally).toEqual(TALLY_YES)
      const p = await endVoting(node, id)
      expect(p).toMatchObject({ status: 'PROPOSAL_STATUS_PASSED', expedited: true })
      expect(p.final_tally_result).toEqual(TALLY_YES)
      return p
    }

    await pass(upgradeArgs('v2', h + 100, expedited))
    expect((await rest(node, '/sdk/upgrade/v1beta1/current_plan')).plan.height).toBe(
      String(h + 100),
    )
    await pass(upgradeArgs('v2', h + 50, expedited))
    expect((await rest(node, '/sdk/upgrade/v1beta1/current_plan')).plan.height).toBe(String(h + 50))
    await pass([
      'upgrade',
      'cancel-software-upgrade',
      '--title',
      'Cancel',
      '--summary',
      'No',
      ...expedited,
    ])
    expect(await rest(node, '/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })
    const plan = await runSdkd(['--home', home.dir, 'query', 'upgrade', 'plan', '--node', node.rpc])
    expect(plan.stderr).toContain('no upgrade scheduled')
    expect(plan.code).toBe(1)
    // Nothing was applied and nothing halts: v1 mines past both heights the plan had.
    expect(await mine(node, h + 101 - (await heightOf(node)))).toBe(h + 101)
    expect(node.p.child.exitCode).toBeNull()
    expect(node.p.logs().filter((l) => l.module === 'x/upgrade')).toEqual([])
    await expect(stat(join(home.dir, 'data/upgrade-info.json'))).rejects.toThrow('ENOENT')
    expect(await rest(node, '/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: '0' })
  }, 180_000)

  test('behavior: a proposal whose plan height has passed by execution ends FAILED with the upstream reason; no plan, deposit refunded; the chain goes on', async () => {
    const home = await devnet()
    const node = await start(home, 'v1')
    const alice = home.accounts.alice!.address
    const before = await rest(node, `/sdk/bank/v1beta1/balances/${alice}/by_denom?denom=stake`)
    const h = await heightOf(node)
    // The plan's height is the vote's block: the tally, one block later, is past it.
    const H = h + 2
    const submitted = await txOk(
      home,
      node,
      upgradeArgs('v2', H, ['--deposit', '10000000stake']),
      'alice',
    )
    expect(Number(submitted.height)).toBe(h + 1)
    const id = proposalIdOf(submitted)
    const vote = await txOk(home, node, ['gov', 'vote', id, 'yes'], 'validator')
    expect(Number(vote.height)).toBe(H)
    const p = await endVoting(node, id)
    expect(await heightOf(node)).toBe(H + 1)
    expect(p.status).toBe('PROPOSAL_STATUS_FAILED')
    expect(p.failed_reason).toBe('upgrade cannot be scheduled in the past: invalid request')
    expect(p.final_tally_result).toEqual(TALLY_YES)
    // An operator sees it: logged at warn, with the reason.
    expect(
      await node.p.waitForLog((l) => l.msg === 'proposal tallied' && l.proposal === id),
    ).toMatchObject({
      level: 40,
      module: 'x/gov',
      status: 'PROPOSAL_STATUS_FAILED',
      reason: 'upgrade cannot be scheduled in the past: invalid request',
    })
    expect(await rest(node, '/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })
    const after = await rest(node, `/sdk/bank/v1beta1/balances/${alice}/by_denom?denom=stake`)
    expect(after.balance).toEqual(before.balance)
    // The node keeps going: later heights are committed.
    expect(await mine(node, 2)).toBe(H + 3)
    expect(await heightOf(node)).toBe(H + 3)
    expect(node.p.child.exitCode).toBeNull()
  }, 180_000)

  test('error: MsgSoftwareUpgrade or MsgCancelUpgrade signed by a normal account is rejected (upgrade code 6); as a proposal message it is refused at submission (gov code 13)', async () => {
    const home = await devnet()
    const node = await start(home, 'v1')
    const alice = home.accounts.alice!.address
    const h = await heightOf(node)

    // The seed's three steps: generate, sign, broadcast — with the message swapped in.
    const base = runSdkd([
      '--home',
      home.dir,
      'tx',
      'bank',
      'send',
      alice,
      alice,
      '1stake',
      '--generate-only',
      '--node',
      node.rpc,
    ])
    const unsigned = JSON.parse((await base).stdout)
    for (const msg of [
      {
        '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
        authority: alice,
        plan: { name: 'v2', time: '0001-01-01T00:00:00Z', height: String(h + 100), info: '' },
      },
      { '@type': '/sdk.upgrade.v1beta1.MsgCancelUpgrade', authority: alice },
    ]) {
      unsigned.body.messages = [msg]
      const file = join(home.dir, 'direct.json')
      await writeFile(file, JSON.stringify(unsigned))
      const signed = await runSdkd([
        '--home',
        home.dir,
        'tx',
        'sign',
        file,
        '--from',
        'alice',
        '--keyring-backend',
        'test',
        '--node',
        node.rpc,
      ])
      expect(signed.stderr).toBe('')
      const signedFile = join(home.dir, 'direct-signed.json')
      await writeFile(signedFile, signed.stdout)
      const sent = await runSdkd([
        '--home',
        home.dir,
        'tx',
        'broadcast',
        signedFile,
        '--node',
        node.rpc,
        '--wait',
        '-o',
        'json',
      ])
      // Included and failed: stdout is the TxResponse, stderr says so, exit 1.
      expect(sent.code, sent.stderr).toBe(1)
      const res = JSON.parse(sent.stdout)
      expect(sent.stderr).toBe(
        `Error: tx ${res.txhash} failed at height ${res.height}: code 6 (expected authority account as only signer for proposal message): ${res.raw_log}\n`,
      )
      expect(res.codespace).toBe('upgrade')
      expect(res.code).toBe(6)
      expect(res.raw_log).toContain(
        `expected ${GOV_ADDRESS} got ${alice}: expected authority account as only signer for proposal message`,
      )
    }
    expect(await rest(node, '/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })

    const asProposal = await tx(
      home,
      node,
      upgradeArgs('v2', h + 100, ['--deposit', '10000000stake', '--authority', alice]),
      'alice',
    )
    expect(asProposal.codespace).toBe('gov')
    expect(asProposal.code).toBe(13)
    expect(asProposal.raw_log).toContain(
      `${alice}: expected gov account as only signer for proposal message`,
    )
    expect((await rest(node, '/sdk/gov/v1/proposals')).proposals).toEqual([])
  }, 180_000)
})
