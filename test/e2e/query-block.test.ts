import { beforeAll, describe, expect, test } from 'vitest'
import { type DevnetHome, devnetForTests, type RunningNode, txOk } from '../helpers/devnet.js'
import { getJson, runSdkd, waitFor } from '../helpers/sdkd.js'

/**
 * `sdkd query block` and `sdkd query blocks` against a running devnet: CometBFT's block in proto
 * JSON as upstream's CLI prints it, checked against the REST gateway and the RPC's own JSON.
 */

const devnet = devnetForTests('query-block')
let home: DevnetHome
let node: RunningNode

beforeAll(async () => {
  ;({ home, node } = devnet)
  await waitFor(
    async () =>
      (await rpc('status')).result.sync_info.latest_block_height >= 5 ? true : undefined,
    20_000,
    'height 5',
  )
}, 60_000)

async function rpc(path: string): Promise<any> {
  return (await getJson(`http://127.0.0.1:${node.rpcPort}/${path}`)).body
}

function query(...args: string[]) {
  return runSdkd(['--home', home.dir, 'query', ...args, '--node', node.rpc])
}

const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64')

describe('sdkd query block', () => {
  test('behavior: a height, a hash, or the latest: the block in proto JSON, as the gateway serves it', async () => {
    const byHeight = await query('block', '--type=height', '3', '-o', 'json')
    expect(byHeight.code, byHeight.stderr).toBe(0)
    const block = JSON.parse(byHeight.stdout)
    const gateway = await getJson(`${node.api}/sdk/base/tendermint/v1beta1/blocks/3`)
    expect(block).toEqual(gateway.body.block)
    // The RPC's JSON of the same block: hex where proto JSON has base64.
    const ours = await rpc('block?height=3')
    expect(block.header.height).toBe('3')
    expect(block.header.chain_id).toBe('query-block')
    expect(block.header.app_hash).toBe(b64(ours.result.block.header.app_hash))
    expect(block.header.proposer_address).toBe(b64(ours.result.block.header.proposer_address))
    expect(block.last_commit.height).toBe('2')

    const byHash = await query('block', ours.result.block_id.hash, '-o', 'json')
    expect(byHash.code, byHash.stderr).toBe(0)
    expect(JSON.parse(byHash.stdout)).toEqual(block)
    // strconv.ParseInt takes a sign; hex.DecodeString either case.
    const signed = await query('block', '--type=height', '+3', '-o', 'json')
    expect(JSON.parse(signed.stdout)).toEqual(block)
    const lower = await query('block', ours.result.block_id.hash.toLowerCase(), '-o', 'json')
    expect(JSON.parse(lower.stdout)).toEqual(block)

    const latest = await query('block', '-o', 'json')
    expect(latest.code, latest.stderr).toBe(0)
    expect(latest.stderr).toBe('Falling back to latest block height:\n')
    expect(Number(JSON.parse(latest.stdout).header.height)).toBeGreaterThanOrEqual(5)

    const text = await query('block', '--type', 'height', '3')
    expect(text.stdout).toMatch(/^data:\n {2}txs: \[\]\nevidence:\n {2}evidence: \[\]\nheader:\n/)
    expect(text.stdout).toContain(`  chain_id: query-block\n`)
  })

  test('error: heights and hashes the chain does not have, and bad arguments', async () => {
    const unknownHash = 'AB'.repeat(32)
    const cases: [string[], RegExp][] = [
      // The height is strconv.ParseInt's, then the RPC's to refuse, as upstream's GetBlockByHeight.
      [
        ['--type', 'height', '0'],
        /^Error: RPC error -32603 - Internal error: height must be greater than 0, but got 0\n$/,
      ],
      [
        ['--type', 'height', '-5'],
        /^Error: RPC error -32603 - Internal error: height must be greater than 0, but got -5\n$/,
      ],
      [
        ['--type', 'height', 'x1'],
        /^Error: failed to parse block height: strconv\.ParseInt: parsing "x1": invalid syntax\n$/,
      ],
      [
        ['--type', 'height', '99999999999999999999'],
        /^Error: failed to parse block height: strconv\.ParseInt: parsing "99999999999999999999": value out of range\n$/,
      ],
      [
        ['--type', 'height', '99999999'],
        /^Error: RPC error -32603 - Internal error: height 99999999 must be less than or equal to the current blockchain height \d+\n$/,
      ],
      // The hash is hex.DecodeString's, any length, as upstream's GetBlockByHash.
      [[unknownHash], new RegExp(`^Error: block not found with hash: ${unknownHash}\n$`)],
      [['--type', 'hash', '12ab'], /^Error: block not found with hash: 12ab\n$/],
      [['--type', 'hash', '12a'], /^Error: encoding\/hex: odd length hex string\n$/],
      [['--type', 'hash', 'zz'], /^Error: encoding\/hex: invalid byte: U\+007A 'z'\n$/],
      [['--type', 'hash', ''], /^Error: argument should be a tx hash\n$/],
      [['--type', 'size', '3'], /^Error: unknown --type value size\n$/],
    ]
    for (const [args, message] of cases) {
      const r = await query('block', ...args)
      expect(r.code, args.join(' ')).toBe(1)
      expect(r.stderr).toMatch(message)
      expect(r.stdout).toBe('')
    }
  })
})

describe('sdkd query blocks', () => {
  test('behavior: the blocks an event query matches, a page at a time, newest first with desc', async () => {
    const q = 'block.height >= 2 AND block.height <= 4'
    const r = await query(
      'blocks',
      '--query',
      q,
      '--limit',
      '2',
      '--order_by',
      'desc',
      '-o',
      'json',
    )
    expect(r.code, r.stderr).toBe(0)
    const found = JSON.parse(r.stdout)
    expect(Object.keys(found)).toEqual([
      'total_count',
      'count',
      'page_number',
      'page_total',
      'limit',
      'blocks',
    ])
    expect(found).toMatchObject({
      total_count: '3',
      count: '2',
      page_number: '1',
      page_total: '2',
      limit: '2',
    })
    expect(found.blocks.map((b: any) => b.header.height)).toEqual(['4', '3'])
    const three = await query('block', '--type', 'height', '3', '-o', 'json')
    expect(found.blocks[1]).toEqual(JSON.parse(three.stdout))
    // CometBFT's block_search orders newest first when no order is given.
    const second = await query('blocks', '--query', q, '--limit', '2', '--page', '2', '-o', 'json')
    expect(JSON.parse(second.stdout).blocks.map((b: any) => b.header.height)).toEqual(['2'])
    const asc = await query('blocks', '--query', q, '--order_by', 'asc', '-o', 'json')
    expect(JSON.parse(asc.stdout).blocks.map((b: any) => b.header.height)).toEqual(['2', '3', '4'])
  })

  test('error: no query is refused before anything is sent', async () => {
    const r = await query('blocks')
    expect(r.code).toBe(1)
    expect(r.stderr).toContain('Error: required flag(s) "query" not set')
  })

  test('behavior: --page and --limit go to the RPC as given, as upstream QueryBlocks sends them', async () => {
    const q = 'block.height >= 2 AND block.height <= 4'
    // A limit below 1 is CometBFT's default page size; the result names the limit as given,
    // and its page total is Go's integer division by it.
    const r = await query('blocks', '--query', q, '--limit', '-1', '-o', 'json')
    expect(r.code, r.stderr).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({
      total_count: '3',
      count: '3',
      page_number: '1',
      page_total: '-3',
      limit: '-1',
    })
    const zero = await query('blocks', '--query', q, '--page', '0')
    expect(zero.code).toBe(1)
    expect(zero.stderr).toBe(
      'Error: RPC error -32603 - Internal error: page should be within [1, 1] range, given 0\n',
    )
  })
})

describe('sdkd query block-results', () => {
  test("behavior: Go's JSON of the RPC's block results: numbers as numbers, zero fields left out", async () => {
    const sent = await txOk(
      home,
      node,
      ['bank', 'send', 'alice', home.accounts.bob!.address, '1token'],
      'alice',
    )
    const height = sent.height as string
    const r = await query('block-results', height, '-o', 'json')
    expect(r.code, r.stderr).toBe(0)
    const ours = JSON.parse(r.stdout)
    const theirs = (await rpc(`block_results?height=${height}`)).result
    expect(Object.keys(ours)).toEqual([
      'height',
      'txs_results',
      'finalize_block_events',
      'validator_updates',
      'consensus_param_updates',
      'app_hash',
    ])
    expect(ours.height).toBe(Number(height))
    expect(ours.app_hash).toBe(theirs.app_hash)
    expect(ours.validator_updates).toBeNull()
    const [tx] = ours.txs_results
    // Code 0, an empty log, info and codespace are left out, as Go's omitempty does.
    expect(Object.keys(tx)).toEqual(['data', 'gas_wanted', 'gas_used', 'events'])
    expect(tx.gas_wanted).toBe(Number(theirs.txs_results[0].gas_wanted))
    expect(tx.gas_used).toBe(Number(sent.gas_used))
    expect(tx.events[0]).toEqual({
      type: 'tx',
      attributes: [
        { key: 'fee', index: true },
        { key: 'fee_payer', value: home.accounts.alice!.address, index: true },
      ],
    })
    expect(ours.finalize_block_events).toHaveLength(theirs.finalize_block_events.length)
    expect(ours.consensus_param_updates.block).toEqual({
      max_bytes: Number(theirs.consensus_param_updates.block.max_bytes),
      max_gas: -1,
    })

    const empty = JSON.parse((await query('block-results', '2', '-o', 'json')).stdout)
    expect(empty.txs_results).toBeNull()
    const latest = await query('block-results', '-o', 'json')
    expect(latest.stderr).toBe('Falling back to latest block height:\n')
    expect(JSON.parse(latest.stdout).height).toBeGreaterThanOrEqual(Number(height))
    const bad = await query('block-results', 'x')
    expect(bad.stderr).toBe('Error: strconv.ParseInt: parsing "x": invalid syntax\n')
    const huge = await query('block-results', '9223372036854775808')
    expect(huge.stderr).toBe(
      'Error: strconv.ParseInt: parsing "9223372036854775808": value out of range\n',
    )
    // A sign is strconv.ParseInt's; the RPC refuses a height below 1.
    expect(JSON.parse((await query('block-results', '+2', '-o', 'json')).stdout)).toEqual(empty)
    const zero = await query('block-results', '0')
    expect(zero.stderr).toBe(
      'Error: RPC error -32603 - Internal error: height must be greater than 0, but got 0\n',
    )
  })
})
