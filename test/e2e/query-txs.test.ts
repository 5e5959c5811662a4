import { beforeAll, describe, expect, test } from 'vitest'
import { type DevnetHome, devnetForTests, type RunningNode, txOk } from '../helpers/devnet.js'
import { runSdkd } from '../helpers/sdkd.js'

/**
 * `sdkd query txs --query …` against a running devnet: the included txs an event query matches, a
 * page at a time, in upstream's SearchTxsResult shape; each entry is what `sdkd query tx` prints.
 */

const devnet = devnetForTests('query-txs')
let home: DevnetHome
let node: RunningNode
/** The three sends of the test, oldest first: their TxResponses from `--wait`. */
const sent: Record<string, any>[] = []

beforeAll(async () => {
  ;({ home, node } = devnet)
  const bob = home.accounts.bob!.address
  for (const amount of ['1token', '2token', '3token'])
    sent.push(await txOk(home, node, ['bank', 'send', 'alice', bob, amount], 'alice'))
  // Another sender's tx, which the query below must not match.
  sent.push(await txOk(home, node, ['bank', 'send', 'bob', bob, '4token'], 'bob'))
}, 60_000)

function queryTxs(...args: string[]) {
  return runSdkd(['--home', home.dir, 'query', 'txs', '--node', node.rpc, ...args])
}

describe('sdkd query txs', () => {
  test('behavior: the matching txs with their count, in block order, each as `query tx` prints it', async () => {
    const alice = home.accounts.alice!.address
    const r = await queryTxs('--query', `message.sender='${alice}'`, '-o', 'json')
    expect(r.code, r.stderr).toBe(0)
    const found = JSON.parse(r.stdout)
    expect(found).toMatchObject({
      total_count: '3',
      count: '3',
      page_number: '1',
      page_total: '1',
      limit: '100',
    })
    expect(Object.keys(found)).toEqual([
      'total_count',
      'count',
      'page_number',
      'page_total',
      'limit',
      'txs',
    ])
    expect(found.txs.map((t: any) => t.txhash)).toEqual(sent.slice(0, 3).map((t) => t.txhash))
    const one = await runSdkd([
      '--home',
      home.dir,
      'query',
      'tx',
      sent[1]!.txhash,
      '--node',
      node.rpc,
      '-o',
      'json',
    ])
    expect(found.txs[1]).toEqual(JSON.parse(one.stdout))
  })

  test('behavior: --limit and --page take one page, --order_by desc the newest first; text is YAML', async () => {
    const alice = home.accounts.alice!.address
    const q = `message.sender='${alice}'`
    const page = async (n: number, order: string) => {
      const r = await queryTxs(
        '--query',
        q,
        '--limit',
        '2',
        '--page',
        String(n),
        '--order_by',
        order,
        '-o',
        'json',
      )
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout)
    }
    const second = await page(2, 'asc')
    expect(second).toMatchObject({
      total_count: '3',
      count: '1',
      page_number: '2',
      page_total: '2',
      limit: '2',
    })
    expect(second.txs.map((t: any) => t.txhash)).toEqual([sent[2]!.txhash])
    const newest = await page(1, 'desc')
    expect(newest.txs.map((t: any) => t.txhash)).toEqual([sent[2]!.txhash, sent[1]!.txhash])
    const text = await queryTxs('--query', `tx.hash='${sent[3]!.txhash}'`)
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(
      /^count: "1"\nlimit: "100"\npage_number: "1"\npage_total: "1"\ntotal_count: "1"\ntxs:\n- code: 0\n/,
    )
    expect(text.stdout).toContain(`  txhash: ${sent[3]!.txhash}\n`)
    // A page or limit below 1 is the first page of 100, as upstream's QueryTxsByEvents makes it.
    const low = await queryTxs('--query', q, '--page', '0', '--limit', '-3', '-o', 'json')
    expect(low.code, low.stderr).toBe(0)
    expect(JSON.parse(low.stdout)).toMatchObject({
      total_count: '3',
      count: '3',
      page_number: '1',
      page_total: '1',
      limit: '100',
    })
  })

  test('behavior: query tx finds a tx by hash, by "<addr>/<seq>" and by its signatures', async () => {
    const alice = home.accounts.alice!.address
    const queryTx = (...args: string[]) =>
      runSdkd(['--home', home.dir, 'query', 'tx', ...args, '--node', node.rpc, '-o', 'json'])
    const byHash = await queryTx(sent[1]!.txhash)
    expect(byHash.code, byHash.stderr).toBe(0)
    const expected = JSON.parse(byHash.stdout)
    expect(expected.txhash).toBe(sent[1]!.txhash)
    const bySeq = await queryTx('--type', 'acc_seq', `${alice}/1`)
    expect(bySeq.code, bySeq.stderr).toBe(0)
    expect(JSON.parse(bySeq.stdout)).toEqual(expected)
    const signature = expected.tx.signatures[0]
    const bySig = await queryTx('--type=signature', signature)
    expect(JSON.parse(bySig.stdout)).toEqual(expected)
    const first = JSON.parse((await queryTx(sent[0]!.txhash)).stdout).tx.signatures[0]

    const cases: [string[], string][] = [
      [
        ['--type', 'acc_seq', `${alice}/9`],
        'found no txs matching given address and sequence combination',
      ],
      [['--type', 'signature', `${signature},${first}`], 'found no txs matching given signatures'],
      [['--type', 'acc_seq', ''], "`acc_seq` type takes an argument '<addr>/<seq>'"],
      [['--type', 'nonce', '1'], 'unknown --type value nonce'],
    ]
    for (const [args, message] of cases) {
      const r = await queryTx(...args)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`Error: ${message}\n`)
    }
  })

  test('behavior: query wait-tx waits for a tx by hash or from a tx command on stdin', async () => {
    const wait = (args: string[], input?: string) =>
      runSdkd(
        ['--home', home.dir, 'query', 'wait-tx', ...args, '--node', node.rpc, '-o', 'json'],
        input === undefined ? {} : { input },
      )
    const done = await wait([sent[0]!.txhash])
    expect(done.code, done.stderr).toBe(0)
    const committed = JSON.parse(done.stdout)
    // Upstream's committed-tx response: the result and height, no tx and no block time.
    expect(committed).toMatchObject({
      height: sent[0]!.height,
      txhash: sent[0]!.txhash,
      code: 0,
      tx: null,
      timestamp: '',
    })
    expect(committed.events).toEqual(sent[0]!.events)

    // A tx command's output piped in: JSON, then text.
    const bob = home.accounts.bob!.address
    const broadcast = await runSdkd([
      '--home',
      home.dir,
      'tx',
      'bank',
      'send',
      'alice',
      bob,
      '5token',
      '--yes',
      '--node',
      node.rpc,
      '-o',
      'json',
    ])
    expect(broadcast.code, broadcast.stderr).toBe(0)
    const piped = await wait([], broadcast.stdout)
    expect(piped.code, piped.stderr).toBe(0)
    expect(JSON.parse(piped.stdout).txhash).toBe(JSON.parse(broadcast.stdout).txhash)
    const text = await wait([], `code: 0\ntxhash: ${sent[2]!.txhash}\n`)
    expect(JSON.parse(text.stdout).height).toBe(sent[2]!.height)

    const never = await wait(['AB'.repeat(32), '--timeout', '300ms'])
    expect(never.code).toBe(1)
    expect(never.stderr).toBe(
      `Error: timed out waiting for transaction ${'AB'.repeat(32)} to be included in a block: internal logic error\n`,
    )
    const nothing = await wait([], '{}')
    expect(nothing.stderr).toBe('Error: txhash not found\n')
  })

  test("error: a missing or empty query, a bad order and a page past the end, with upstream's texts", async () => {
    const missing = await queryTxs()
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Error: required flag(s) "query" not set')
    const cases: [string[], string][] = [
      [['--query', ''], 'query cannot be empty'],
      // The RPC's refusals read as CometBFT's Go client reports them.
      [
        ['--query', 'tx.height>0', '--order_by', 'dsc'],
        'failed to search for txs: RPC error -32603 - Internal error: expected order_by to be either `asc` or `desc` or empty',
      ],
      [
        ['--query', 'tx.height>0', '--page', '9'],
        'failed to search for txs: RPC error -32603 - Internal error: page should be within [1, 1] range, given 9',
      ],
    ]
    for (const [args, message] of cases) {
      const r = await queryTxs(...args)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toBe(`Error: ${message}\n`)
      expect(r.stdout).toBe('')
    }
  })
})
