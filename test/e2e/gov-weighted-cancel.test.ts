import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { addressToBech32, moduleAddress } from '../../src/codec/address.js'
import { parseRfc3339 } from '../../src/codec/time.js'
import {
  type DevnetHome,
  devnetForTests,
  proposalIdOf,
  type RunningNode,
  tx,
  txOk,
} from '../helpers/devnet.js'
import { rpcCall, runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd tx gov weighted-vote`, `cancel-proposal` and `submit-legacy-proposal`, as upstream's: the
 * messages they sign, what the chain records, and the refusals of bad input before anything is
 * signed. Long periods: only the test's own txs end a proposal. A cancelled proposal's charge goes
 * to the community pool (proposal_cancel_dest is the distribution module account).
 */

const GOV = addressToBech32(moduleAddress('gov'))
const DISTRIBUTION = addressToBech32(moduleAddress('distribution'))
const devnet = devnetForTests('gov-weighted', {
  voting_period: '172800s',
  max_deposit_period: '172800s',
  proposal_cancel_dest: DISTRIBUTION,
})
let home: DevnetHome
let node: RunningNode
let file: string

beforeAll(async () => {
  ;({ home, node } = devnet)
  file = join(home.dir, 'proposal.json')
  await writeFile(
    file,
    JSON.stringify({
      messages: [],
      metadata: 'ipfs://proposal',
      deposit: '10000000stake',
      title: 'A signal',
      summary: 'no messages',
    }),
  )
}, 60_000)

function query(...args: string[]) {
  return runSdkd(['--home', home.dir, 'query', 'gov', ...args, '--node', node.rpc, '-o', 'json'])
}

describe('sdkd tx gov weighted-vote and cancel-proposal', () => {
  test('behavior: a weighted vote is recorded with its weights; the proposer cancels, another cannot', async () => {
    const id = proposalIdOf(await txOk(home, node, ['gov', 'submit-proposal', file], 'alice'))
    await txOk(
      home,
      node,
      ['gov', 'weighted-vote', id, 'yes=0.6,no=0.3,abstain=0.05,no_with_veto=0.05'],
      'validator',
    )
    const vote = await query('vote', id, home.accounts.validator!.address)
    expect(vote.code, vote.stderr).toBe(0)
    expect(JSON.parse(vote.stdout).vote.options).toEqual([
      { option: 'VOTE_OPTION_YES', weight: '0.600000000000000000' },
      { option: 'VOTE_OPTION_NO', weight: '0.300000000000000000' },
      { option: 'VOTE_OPTION_ABSTAIN', weight: '0.050000000000000000' },
      { option: 'VOTE_OPTION_NO_WITH_VETO', weight: '0.050000000000000000' },
    ])
    // Weights that do not add up to 1 are the chain's to refuse (upstream's code and text).
    const short = await tx(home, node, ['gov', 'weighted-vote', id, 'yes=0.6,no=0.3'], 'bob')
    expect(short.code).toBe(7)
    expect(short.raw_log).toContain('total weight lower than 1.00: invalid vote option')

    const notProposer = await tx(home, node, ['gov', 'cancel-proposal', id], 'bob')
    expect(notProposer.code).toBe(18)
    expect(notProposer.raw_log).toContain(
      `invalid proposer ${home.accounts.bob!.address}: invalid proposer`,
    )
    const pool = async () =>
      Number(
        JSON.parse(
          (
            await runSdkd([
              ...['--home', home.dir, 'query', 'distribution', 'community-pool'],
              ...['--node', node.rpc, '-o', 'json'],
            ])
          ).stdout,
        ).pool.find((c: { denom: string }) => c.denom === 'stake')?.amount ?? 0,
      )
    const poolBefore = await pool()
    const cancelled = await txOk(home, node, ['gov', 'cancel-proposal', id], 'alice')
    const event = cancelled.events.find((e: { type: string }) => e.type === 'cancel_proposal')
    expect(event.attributes).toContainEqual({ key: 'proposal_id', value: id, index: true })
    // Half the deposit (proposal_cancel_ratio 0.5) funds the community pool, as upstream's
    // FundCommunityPool: a send from the gov account into the distribution account.
    const transfers = cancelled.events
      .filter((e: { type: string }) => e.type === 'transfer')
      .map((e: { attributes: { key: string; value: string }[] }) =>
        Object.fromEntries(e.attributes.map((a) => [a.key, a.value])),
      )
    expect(transfers).toContainEqual({
      recipient: DISTRIBUTION,
      sender: GOV,
      amount: '5000000stake',
      msg_index: '0',
    })
    expect((await pool()) - poolBefore).toBeGreaterThanOrEqual(5_000_000)
    const gone = await query('proposal', id)
    expect(gone.code).toBe(1)
    expect(gone.stderr).toBe(
      `Error: rpc error: code = NotFound desc = rpc error: code = NotFound desc = proposal ${id} doesn't exist: key not found\n`,
    )
  })

  /** `tx gov <args> --from bob --generate-only`: the messages it would sign, or its error. */
  const generate = (...args: string[]) =>
    runSdkd(['--home', home.dir, 'tx', 'gov', ...args, '--from', 'bob', '--generate-only'])

  test('behavior: vote options as upstream normalizes them; an option without a weight weighs 1', async () => {
    const options = async (...args: string[]) => {
      const r = await generate(...args)
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0)
      const [msg] = JSON.parse(r.stdout).body.messages
      return msg.options ?? msg.option
    }
    for (const text of ['yes', 'Yes', 'VOTE_OPTION_YES'])
      expect(await options('vote', '1', text)).toBe('VOTE_OPTION_YES')
    expect(await options('vote', '1', 'NoWithVeto')).toBe('VOTE_OPTION_NO_WITH_VETO')
    expect(await options('weighted-vote', '1', 'yes')).toEqual([
      { option: 'VOTE_OPTION_YES', weight: '1.000000000000000000' },
    ])
    // Upstream splits each option at '=' and reads the first two fields only.
    expect(await options('weighted-vote', '1', 'Abstain=0.25,no=0.75=x')).toEqual([
      { option: 'VOTE_OPTION_ABSTAIN', weight: '0.250000000000000000' },
      { option: 'VOTE_OPTION_NO', weight: '0.750000000000000000' },
    ])
  })

  test('error: unknown options and bad weights are refused before signing, in upstream words', async () => {
    const invalid = (o: string) =>
      `'${o}' is not a valid vote option, available options: yes/no/no_with_veto/abstain`
    const cases: [string[], string][] = [
      [['vote', '1', 'maybe'], invalid('maybe')],
      [['vote', '1', 'YES'], invalid('YES')],
      [['vote', '1', 'no-with-veto'], invalid('no-with-veto')],
      [['weighted-vote', '1', 'maybe=1'], invalid('maybe')],
      [['weighted-vote', '1', 'YES=1'], invalid('YES')],
      [['weighted-vote', '1', 'yes,'], invalid('')],
      [
        ['weighted-vote', '1', 'yes=abc'],
        'failed to set decimal string with base 10: abc000000000000000000',
      ],
      [['weighted-vote', '1', 'yes=.5'], 'invalid decimal length'],
      [['weighted-vote', '1', 'yes=1.2.3'], 'invalid decimal string'],
      [['weighted-vote', '1', 'yes='], 'decimal string cannot be empty'],
    ]
    for (const [args, message] of cases) {
      const r = await generate(...args)
      expect([r.code, r.stderr, r.stdout], args.join(' ')).toEqual([1, `Error: ${message}\n`, ''])
    }
  })

  test('error: a deposit on, or the cancellation of, an unknown proposal fails as upstream: the store miss as is; a vote, as inactive', async () => {
    const miss =
      "failed to execute message; message index: 0: collections: not found: key '99' of type github.com/cosmos/gogoproto/sdk.gov.v1.Proposal"
    const deposit = await tx(home, node, ['gov', 'deposit', '99', '1stake'], 'bob')
    expect([deposit.code, deposit.codespace, deposit.raw_log]).toEqual([1, 'undefined', miss])
    const cancel = await tx(home, node, ['gov', 'cancel-proposal', '99'], 'bob')
    expect([cancel.code, cancel.codespace, cancel.raw_log]).toEqual([1, 'undefined', miss])
    const inactive = 'failed to execute message; message index: 0: 99: inactive proposal'
    const vote = await tx(home, node, ['gov', 'vote', '99', 'yes'], 'bob')
    expect([vote.code, vote.codespace, vote.raw_log]).toEqual([3, 'gov', inactive])
    const weighted = await tx(home, node, ['gov', 'weighted-vote', '99', 'yes'], 'bob')
    expect([weighted.code, weighted.codespace, weighted.raw_log]).toEqual([3, 'gov', inactive])
  })
  test('behavior: sdkd dev end-voting ends a voting period at once: voted yes, the proposal passes in the block mined at its end time; an expedited one voted no turns regular and is rejected in a second block; others are refused', async () => {
    const dev = (...args: string[]) =>
      runSdkd(['--home', home.dir, 'dev', ...args, '--node', node.rpc])
    const blockTime = async (height: string) => {
      const res = await fetch(`http://127.0.0.1:${node.rpcPort}/block?height=${height}`)
      return ((await res.json()) as any).result.block.header.time as string
    }
    const id = proposalIdOf(await txOk(home, node, ['gov', 'submit-proposal', file], 'alice'))
    await txOk(home, node, ['gov', 'vote', id, 'yes'], 'validator')
    const { voting_end_time: end } = JSON.parse((await query('proposal', id)).stdout).proposal
    const ended = await dev('end-voting', id)
    expect(ended.code, ended.stderr).toBe(0)
    const out = JSON.parse(ended.stdout)
    expect(out).toMatchObject({ proposal_id: id, status: 'PROPOSAL_STATUS_PASSED' })
    expect(Number(out.final_tally_result.yes_count)).toBeGreaterThan(0)
    // The same instant (the RPC prints a time without its fraction's trailing zeros; gov with them).
    expect(parseRfc3339(await blockTime(out.height))).toBe(parseRfc3339(end))
    expect(JSON.parse((await query('proposal', id)).stdout).proposal.status).toBe(
      'PROPOSAL_STATUS_PASSED',
    )
    const again = await dev('end-voting', id)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(
      `proposal ${id} is not in its voting period (PROPOSAL_STATUS_PASSED)`,
    )

    // Expedited (a day of voting, 2/3 yes needed): voted no, it fails, becomes a regular proposal
    // whose voting ends two days after it started, and is ended too.
    const expedited = join(home.dir, 'expedited.json')
    await writeFile(
      expedited,
      JSON.stringify({
        messages: [],
        metadata: 'ipfs://expedited',
        deposit: '50000000stake',
        title: 'A quick signal',
        summary: 'no messages',
        expedited: true,
      }),
    )
    const ex = proposalIdOf(await txOk(home, node, ['gov', 'submit-proposal', expedited], 'alice'))
    await txOk(home, node, ['gov', 'vote', ex, 'no'], 'validator')
    const started = JSON.parse((await query('proposal', ex)).stdout).proposal.voting_start_time
    const exEnded = await dev('end-voting', ex)
    expect(exEnded.code, exEnded.stderr).toBe(0)
    const exOut = JSON.parse(exEnded.stdout)
    expect(exOut).toMatchObject({ proposal_id: ex, status: 'PROPOSAL_STATUS_REJECTED' })
    const twoDays = parseRfc3339(started) + 172_800n * 1_000_000_000n
    expect(parseRfc3339(await blockTime(exOut.height))).toBe(twoDays)
    expect(JSON.parse((await query('proposal', ex)).stdout).proposal.expedited).toBe(false)

    const unknown = await dev('end-voting', '999')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("proposal 999 doesn't exist")
  })

  test('error: dev end-voting of an id past uint64 is refused, not wrapped into another proposal: the CLI in upstream gov’s words, the dev API as invalid params', async () => {
    for (const id of ['99999999999999999999', '18446744073709551616']) {
      const r = await runSdkd(['--home', home.dir, 'dev', 'end-voting', id, '--node', node.rpc])
      expect([r.code, r.stdout, r.stderr], id).toEqual([
        1,
        '',
        `Error: proposal-id ${id} not a valid uint, please input a valid proposal-id\n`,
      ])
    }
    const reply = await rpcCall(node.rpcPort, 'dev_endVotingPeriod', {
      proposal_id: '18446744073709551616',
    })
    expect(reply.error).toMatchObject({
      code: -32602,
      data: "proposal_id must be a proposal's number (a uint64), got 18446744073709551616",
    })
  })

  test('behavior: submit-legacy-proposal makes a v1beta1 text proposal, from flags or from a file', async () => {
    const res = await txOk(
      home,
      node,
      [
        'gov',
        'submit-legacy-proposal',
        '--title',
        'Legacy signal',
        '--description',
        'through the v1beta1 message',
        '--type',
        'text',
        '--deposit',
        '10000000stake',
      ],
      'alice',
    )
    const id = proposalIdOf(res)
    const shown = JSON.parse((await query('proposal', id)).stdout).proposal
    expect(shown.messages).toEqual([
      {
        '@type': '/sdk.gov.v1.MsgExecLegacyContent',
        content: {
          '@type': '/sdk.gov.v1beta1.TextProposal',
          title: 'Legacy signal',
          description: 'through the v1beta1 message',
        },
        authority: 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x',
      },
    ])
    expect(shown.title).toBe('Legacy signal')

    const legacy = join(home.dir, 'legacy.json')
    await writeFile(
      legacy,
      JSON.stringify({ title: 'F', description: 'from a file', type: 'Text', deposit: '1stake' }),
    )
    const generated = await runSdkd([
      '--home',
      home.dir,
      'tx',
      'gov',
      'submit-legacy-proposal',
      '--proposal',
      legacy,
      '--title',
      'ignored',
      '--from',
      'alice',
      '--generate-only',
    ])
    expect(generated.code, generated.stderr).toBe(0)
    expect(JSON.parse(generated.stdout).body.messages).toEqual([
      {
        '@type': '/sdk.gov.v1beta1.MsgSubmitProposal',
        content: {
          '@type': '/sdk.gov.v1beta1.TextProposal',
          title: 'F',
          description: 'from a file',
        },
        initial_deposit: [{ denom: 'stake', amount: '1' }],
        proposer: home.accounts.alice!.address,
      },
    ])
    const other = await runSdkd([
      '--home',
      home.dir,
      'tx',
      'gov',
      'submit-legacy-proposal',
      '--type',
      'SoftwareUpgrade',
      '--from',
      'alice',
      '--generate-only',
    ])
    expect(other.code).toBe(1)
    expect(other.stderr).toBe(
      'Error: failed to create proposal content: unknown proposal type SoftwareUpgrade\n',
    )
  })
})
