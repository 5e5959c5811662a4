import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createDevnetHome,
  type DevnetHome,
  GOV_ADDRESS,
  type RunningNode,
  startDevnetNode,
} from '../helpers/devnet.js'
import { rpcHeight, runSdkd } from '../helpers/sdkd.js'

/**
 * Governance through the CLI on a devnet (the `validator` key holds the voting power):
 * software-upgrade proposal → deposit → vote → passed → plan scheduled, shown by `query upgrade plan`
 * with its estimated time; then a cancel proposal from a file removes it. The chain mines a block per
 * tx (`sdkd dev mining instant`) and the periods are a real chain's (48 h voting, 24 h expedited,
 * 48 h deposit), ended by time travel (`sdkd dev time +48h`, `sdkd dev mine`), never by waiting.
 */

let dir: string
let home: string
let rpc: number
let devnet: DevnetHome
let node: RunningNode
const addr: Record<string, string> = {}
const GOV = GOV_ADDRESS

beforeAll(async () => {
  // A real chain's periods: no CLI tx, however slow, can miss one; only time travel ends them.
  devnet = await createDevnetHome('gov-chain', {
    voting_period: '172800s',
    expedited_voting_period: '86400s',
    max_deposit_period: '172800s',
  })
  home = devnet.dir
  dir = devnet.dir
  for (const name of ['validator', 'alice']) addr[name] = devnet.accounts[name]!.address
  node = await startDevnetNode(devnet, 'v2')
  rpc = node.rpcPort
  await json(['dev', 'mining', 'instant'])
  await json(['dev', 'mine', '3'])
})

afterAll(async () => {
  await node?.p.stop()
  await devnet?.cleanup()
})

function sdkd(args: string[]) {
  return runSdkd(['--home', home, ...args, '--node', `tcp://127.0.0.1:${rpc}`])
}

/** Runs a tx command with --yes --wait -o json; returns the included TxResponse (code 0). */
async function tx(args: string[]): Promise<any> {
  const r = await sdkd(['tx', ...args, '--yes', '--wait', '-o', 'json'])
  expect(r.code, r.stderr).toBe(0)
  const res = JSON.parse(r.stdout)
  expect(res.code, res.raw_log).toBe(0)
  return res
}

/** Runs a command; its JSON output (`sdkd dev` prints JSON, the others with -o json). */
async function json(args: string[]): Promise<any> {
  const r = await sdkd(args[0] === 'dev' ? args : [...args, '-o', 'json'])
  expect(r.code, r.stderr).toBe(0)
  return JSON.parse(r.stdout)
}

function proposalId(res: any): string {
  const ev = (res.events as any[]).find((e) => e.type === 'submit_proposal')
  return ev.attributes.find((a: any) => a.key === 'proposal_id').value
}

/** Ends a voting period by time travel: the next block, mined now, is `period` later. */
async function endVoting(id: string, period: string): Promise<any> {
  expect((await json(['query', 'gov', 'proposal', id])).proposal.status).toBe(
    'PROPOSAL_STATUS_VOTING_PERIOD',
  )
  await json(['dev', 'time', period])
  await json(['dev', 'mine'])
  return (await json(['query', 'gov', 'proposal', id])).proposal
}

/** The validator's whole stake voting yes. */
const TALLY_YES = {
  yes_count: '10000000',
  abstain_count: '0',
  no_count: '0',
  no_with_veto_count: '0',
}

describe('sdkd tx gov / tx upgrade through governance', () => {
  it('behavior: software-upgrade → deposit → vote → passed; the plan shows with its estimated time; a cancel proposal removes it', async () => {
    const height = (await rpcHeight(rpc))! + 2000
    const submitted = await tx([
      'upgrade',
      'software-upgrade',
      'next-release',
      '--from',
      'alice',
      '--title',
      'Next release',
      '--summary',
      'the next app',
      '--deposit',
      '5000000stake',
      '--upgrade-height',
      String(height),
      '--no-validate',
    ])
    const id = proposalId(submitted)
    let p = (await json(['query', 'gov', 'proposal', id])).proposal
    expect(p).toMatchObject({
      id,
      status: 'PROPOSAL_STATUS_DEPOSIT_PERIOD',
      title: 'Next release',
      proposer: addr.alice,
      messages: [
        {
          '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
          authority: GOV,
          plan: { name: 'next-release', height: String(height) },
        },
      ],
    })
    await tx(['gov', 'deposit', id, '5000000stake', '--from', 'validator'])
    await tx(['gov', 'vote', id, 'yes', '--from', 'validator'])
    p = (await json(['query', 'gov', 'proposal', id])).proposal
    expect(p.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD')
    expect(p.total_deposit).toEqual([{ denom: 'stake', amount: '10000000' }])
    const deposits = await json(['query', 'gov', 'deposits', id])
    expect(deposits.deposits.map((d: any) => d.depositor).sort()).toEqual(
      [addr.alice, addr.validator].sort(),
    )

    const vote = await json(['query', 'gov', 'vote', id, addr.validator!])
    expect(vote.vote.options).toEqual([
      { option: 'VOTE_OPTION_YES', weight: '1.000000000000000000' },
    ])
    const live = await json(['query', 'gov', 'tally', id])
    expect(live.tally).toEqual(TALLY_YES)

    const passed = await endVoting(id, '+48h')
    expect(passed.status).toBe('PROPOSAL_STATUS_PASSED')
    expect(passed.final_tally_result).toEqual(TALLY_YES)
    const listed = await json(['query', 'gov', 'proposals', '--proposal-status', 'passed'])
    expect(listed.proposals.map((x: any) => x.id)).toContain(id)

    const plan = await sdkd(['query', 'upgrade', 'plan'])
    expect(plan.code).toBe(0)
    expect(plan.stdout).toMatch(new RegExp(`^height: "${height}"\\n`))
    expect(plan.stderr).toMatch(
      new RegExp(
        `^estimated time until height ${height}: ~\\S+ \\(\\d+ blocks at ~\\S+ per block; around \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\)\\n$`,
      ),
    )

    // Cancel through a proposal file (upstream shape), expedited.
    const file = join(dir, 'cancel.json')
    await writeFile(
      file,
      JSON.stringify({
        messages: [{ '@type': '/sdk.upgrade.v1beta1.MsgCancelUpgrade', authority: GOV }],
        metadata: '',
        deposit: '50000000stake',
        title: 'Cancel the next release',
        summary: 'not yet',
        expedited: true,
      }),
    )
    const cancel = await tx(['gov', 'submit-proposal', file, '--from', 'validator'])
    const cancelId = proposalId(cancel)
    await tx(['gov', 'vote', cancelId, 'yes', '--from', 'validator'])
    expect((await json(['query', 'gov', 'tally', cancelId])).tally).toEqual(TALLY_YES)
    // Expedited: its 24 h voting period ends a day after it started, half the regular one.
    const cancelled = await endVoting(cancelId, '+24h')
    expect(cancelled).toMatchObject({ status: 'PROPOSAL_STATUS_PASSED', expedited: true })
    expect(cancelled.final_tally_result).toEqual(TALLY_YES)
    const none = await sdkd(['query', 'upgrade', 'plan'])
    expect([none.code, none.stderr]).toEqual([1, 'Error: no upgrade scheduled\n'])
  })

  it('behavior: a draft from tx gov draft-proposal, its plan filled in, is submitted as it stands', async () => {
    const cwd = join(dir, 'drafts')
    await mkdir(cwd)
    const drafted = await runSdkd(['--home', home, 'tx', 'gov', 'draft-proposal'], {
      cwd,
      input:
        'software-upgrade\nv3\nAlice\nthe next app\ndetails\nhttps://forum.example/t/3\nyes: upgrade\n10000000stake\n\n',
    })
    expect(drafted.code, drafted.stderr).toBe(0)
    const file = join(cwd, 'draft_proposal.json')
    const draft = JSON.parse(await readFile(file, 'utf8'))
    const height = (await rpcHeight(rpc))! + 5000
    draft.messages[0].plan.name = 'v3'
    draft.messages[0].plan.height = String(height)
    await writeFile(file, JSON.stringify(draft, null, 1))
    const submitted = await tx(['gov', 'submit-proposal', file, '--from', 'alice'])
    const p = (await json(['query', 'gov', 'proposal', proposalId(submitted)])).proposal
    expect(p).toMatchObject({
      status: 'PROPOSAL_STATUS_VOTING_PERIOD',
      metadata: 'ipfs://CID',
      title: 'v3',
      summary: 'the next app',
      total_deposit: [{ denom: 'stake', amount: '10000000' }],
      messages: [
        {
          '@type': '/sdk.upgrade.v1beta1.MsgSoftwareUpgrade',
          authority: GOV,
          plan: { name: 'v3', height: String(height), time: '0001-01-01T00:00:00Z', info: '' },
        },
      ],
    })
  })

  it('behavior: a vote on a proposal not in its voting period passes CheckTx and fails in the block with the upstream log; --wait says so and exits 1', async () => {
    const r = await sdkd(['tx', 'gov', 'vote', '999', 'no', '--from', 'alice', '--yes', '--wait'])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^code: 3\ncodespace: gov\n/)
    expect(r.stdout).toContain(
      "raw_log: 'failed to execute message; message index: 0: 999: inactive proposal'",
    )
    const height = /\nheight: "([1-9]\d*)"\n/.exec(r.stdout)![1]
    const hash = /\ntxhash: ([0-9A-F]{64})\n/.exec(r.stdout)![1]
    expect(r.stderr).toBe(
      `Error: tx ${hash} failed at height ${height}: code 3 (inactive proposal): failed to execute message; message index: 0: 999: inactive proposal\n`,
    )
  })
})
