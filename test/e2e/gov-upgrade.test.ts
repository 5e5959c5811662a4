import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
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
  waitForOutcome,
} from '../helpers/devnet.js'
import { runSdkd, waitFor } from '../helpers/sdkd.js'

/**
 * The seed's upgrade flow through governance with real processes (seed §3, reference §5.5): the
 * devnet home, `sdkd start` for v1 and v2, and the CLI for every transaction.
 */

const cleanups = cleanupAfterEach()

/**
 * Every tx here is a separate CLI process (about a second each, more on a loaded machine), so the
 * periods are longer than the devnet's 5s / 2s: a vote must land inside its voting period.
 */
const GOV_PERIODS = {
  voting_period: '12s',
  expedited_voting_period: '6s',
  max_deposit_period: '30s',
}

async function devnet(): Promise<DevnetHome> {
  const home = await createDevnetHome('gov-e2e', GOV_PERIODS, 'v1')
  cleanups.push(home.cleanup)
  return home
}

async function start(home: DevnetHome, appVersion: string): Promise<RunningNode> {
  const node = await startDevnetNode(home, appVersion)
  cleanups.push(() => node.p.stop('SIGKILL'))
  return node
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
    // 200ms blocks: the 12s voting period ends well before the plan's height.
    const H = h + 200

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
    expect(live.tally.yes_count).toBe('10000000')

    const decided = await waitForOutcome(v1, id)
    expect(decided.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(decided.final_tally_result).toEqual({
      yes_count: '10000000',
      abstain_count: '0',
      no_count: '0',
      no_with_veto_count: '0',
    })
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

    // v1 has no handler for v2: it halts at H with the upstream line and exit status 2.
    const exit = await waitFor(
      async () => (v1.p.child.exitCode === null ? undefined : v1.p.exited),
      60_000,
      'v1 to halt',
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

    const v2 = await start(home, 'v2')
    await waitFor(async () => ((await heightOf(v2)) > H + 2 ? true : undefined), 30_000)
    expect(await rest(v2, '/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: String(H) })
    expect(await rest(v2, '/sdk/upgrade/v1beta1/current_plan')).toEqual({ plan: null })
    const versions = await rest(v2, '/sdk/upgrade/v1beta1/module_versions?module_name=consensus')
    expect(versions).toEqual({ module_versions: [{ name: 'consensus', version: '1' }] })
    // Governance state lives on: the proposal and the stake are still there under v2.
    ;({ proposal } = await rest(v2, `/sdk/gov/v1/proposals/${id}`))
    expect(proposal.status).toBe('PROPOSAL_STATUS_PASSED')
    expect((await rest(v2, '/sdk/staking/v1beta1/pool')).pool.bonded_tokens).toBe('10000000')
  }, 180_000)

  test('behavior: a second passed proposal moves the plan’s height; a passed cancel proposal removes it', async () => {
    const home = await devnet()
    const node = await start(home, 'v1')
    const h = await heightOf(node)
    // Expedited proposals (shorter voting period, 2/3 threshold) keep this quick.
    const expedited = ['--deposit', '50000000stake', '--expedited']
    const pass = async (args: string[]) => {
      const id = proposalIdOf(await txOk(home, node, args, 'alice'))
      await txOk(home, node, ['gov', 'vote', id, 'yes'], 'validator')
      const p = await waitForOutcome(node, id)
      expect(p.status).toBe('PROPOSAL_STATUS_PASSED')
      return p
    }

    await pass(upgradeArgs('v2', h + 10_000, expedited))
    expect((await rest(node, '/sdk/upgrade/v1beta1/current_plan')).plan.height).toBe(
      String(h + 10_000),
    )
    await pass(upgradeArgs('v2', h + 5_000, expedited))
    expect((await rest(node, '/sdk/upgrade/v1beta1/current_plan')).plan.height).toBe(
      String(h + 5_000),
    )
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
    // Nothing was applied: v1 keeps producing blocks past the old heights' region.
    expect(await rest(node, '/sdk/upgrade/v1beta1/applied_plan/v2')).toEqual({ height: '0' })
  }, 180_000)

  test('behavior: a proposal whose plan height has passed by execution ends FAILED with the upstream reason; no plan, deposit refunded', async () => {
    const home = await devnet()
    const node = await start(home, 'v1')
    const alice = home.accounts.alice!.address
    const before = await rest(node, `/sdk/bank/v1beta1/balances/${alice}/by_denom?denom=stake`)
    const h = await heightOf(node)
    const id = proposalIdOf(
      await txOk(home, node, upgradeArgs('v2', h + 3, ['--deposit', '10000000stake']), 'alice'),
    )
    await txOk(home, node, ['gov', 'vote', id, 'yes'], 'validator')
    const p = await waitForOutcome(node, id)
    expect(p.status).toBe('PROPOSAL_STATUS_FAILED')
    expect(p.failed_reason).toBe('upgrade cannot be scheduled in the past: invalid request')
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
    // The node keeps going.
    const now = await heightOf(node)
    await waitFor(async () => ((await heightOf(node)) > now ? true : undefined), 10_000)
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
      const res = JSON.parse(sent.stdout)
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
