import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  type DevnetHome,
  devnetForTests,
  proposalIdOf,
  type RunningNode,
  tx,
  txOk,
} from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd tx gov weighted-vote`, `cancel-proposal` and `submit-legacy-proposal`, as upstream's: the
 * messages they sign, what the chain records, and the refusals of bad input before anything is
 * signed. Long periods: only the test's own txs end a proposal.
 */

const devnet = devnetForTests('gov-weighted', {
  voting_period: '172800s',
  max_deposit_period: '172800s',
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
    const cancelled = await txOk(home, node, ['gov', 'cancel-proposal', id], 'alice')
    const event = cancelled.events.find((e: { type: string }) => e.type === 'cancel_proposal')
    expect(event.attributes).toContainEqual({ key: 'proposal_id', value: id, index: true })
    const gone = await query('proposal', id)
    expect(gone.code).toBe(1)
    expect(gone.stderr).toBe(
      `Error: rpc error: code = NotFound desc = rpc error: code = NotFound desc = proposal ${id} doesn't exist: key not found\n`,
    )
  })

  test('error: options without a weight, unknown options and bad weights are refused before signing', async () => {
    const cases: [string, string][] = [
      ['yes', 'weight field does not exist for yes option'],
      ['maybe=1', "'maybe' is not a valid vote option (use yes, no, abstain or no_with_veto)"],
      ['yes=abc', 'failed to set decimal string with base 10: abc'],
    ]
    for (const [options, message] of cases) {
      const r = await runSdkd([
        '--home',
        home.dir,
        'tx',
        'gov',
        'weighted-vote',
        '1',
        options,
        '--from',
        'bob',
        '--generate-only',
      ])
      expect(r.code, options).toBe(1)
      expect(r.stderr).toBe(`Error: ${message}\n`)
      expect(r.stdout).toBe('')
    }
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
