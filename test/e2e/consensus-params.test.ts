import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import {
  createDevnetHome,
  decideProposal,
  GOV_ADDRESS,
  heightOf,
  type RunningNode,
  rest,
  startDevnetNode,
  tx,
  txOk,
} from '../helpers/devnet.js'
import { devMine, getJson, heightAtLeast, rpcCall, runSdkd } from '../helpers/sdkd.js'

/**
 * x/consensus MsgUpdateParams through governance, as upstream v0.50's msg server, and the chain
 * following the new params as CometBFT does: from the height after the block that stored them, its
 * header's consensus_hash, the RPC's consensus params at that height, the block's max gas that CheckTx
 * holds each tx to, across a restart.
 */

const cleanups = cleanupAfterEach()

/** Protobuf varint of a non-negative integer or of an int64 (two's complement, ten bytes). */
function varint(value: bigint): number[] {
  let v = value < 0n ? value + (1n << 64n) : value
  const out: number[] = []
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80)
    v >>= 7n
  }
  out.push(Number(v))
  return out
}

/** CometBFT's ConsensusParams.Hash: sha256 of HashedParams{block_max_bytes = 1, block_max_gas = 2}. */
function paramsHash(maxBytes: bigint, maxGas: bigint): string {
  const bytes = [0x08, ...varint(maxBytes), 0x10, ...varint(maxGas)]
  return createHash('sha256').update(Uint8Array.from(bytes)).digest('hex').toUpperCase()
}

async function rpcGet(node: RunningNode, path: string): Promise<any> {
  const { status, body } = await getJson(`http://127.0.0.1:${node.rpcPort}${path}`)
  expect(status, `${path}: ${JSON.stringify(body)}`).toBe(200)
  return (body as { result: unknown }).result
}

const consensusHashAt = async (node: RunningNode, height: number): Promise<string> =>
  (await rpcGet(node, `/block?height=${height}`)).block.header.consensus_hash

const EVIDENCE = { max_age_num_blocks: '100000', max_age_duration: '172800s', max_bytes: '1048576' }

describe('x/consensus MsgUpdateParams through governance (e2e)', () => {
  test('behavior: a passed proposal sets the block max gas from the next height (header consensus_hash, /consensus_params, block_results, CheckTx refuses a tx over it), across a restart; an invalid update fails its proposal with CometBFT text', async () => {
    const h = await createDevnetHome('consensus-params-e2e', { voting_period: '600s' })
    cleanups.push(h.cleanup)
    let node = await startDevnetNode(h, 'v2', '100ms')
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    const alice = h.accounts.alice!.address
    const bob = h.accounts.bob!.address
    const genesisHash = paramsHash(22020096n, -1n)
    const newHash = paramsHash(22020096n, 300000n)
    expect(await consensusHashAt(node, await heightOf(node))).toBe(genesisHash)

    let n = 0
    const decide = (message: Record<string, unknown>) =>
      decideProposal(h, node, [message], `consensus ${++n}`)

    const { votedAt: from, proposal } = await decide({
      '@type': '/sdk.consensus.v1.MsgUpdateParams',
      authority: GOV_ADDRESS,
      block: { max_bytes: '22020096', max_gas: '300000' },
      evidence: EVIDENCE,
      validator: { pub_key_types: ['ed25519'] },
    })
    expect(proposal.status).toBe('PROPOSAL_STATUS_PASSED')

    // The height whose EndBlock ran the proposal: its results carry the module's event.
    let passed = 0
    for (let height = from; height <= (await heightOf(node)) && passed === 0; height++) {
      const results = await rpcGet(node, `/block_results?height=${height}`)
      const event = (results.finalize_block_events ?? []).find(
        (e: { type: string }) => e.type === 'update_consensus_params',
      )
      if (event) {
        passed = height
        expect(event.attributes.map((a: { key: string }) => a.key)).toEqual(
          expect.arrayContaining(['authority', 'parameters']),
        )
        expect(results.consensus_param_updates.block).toEqual({
          max_bytes: '22020096',
          max_gas: '300000',
        })
      }
    }
    expect(passed).toBeGreaterThan(0)
    await heightAtLeast(node.rpcPort, passed + 2)
    const before = await rpcGet(node, `/block_results?height=${passed - 1}`)
    expect(before.consensus_param_updates.block).toEqual({ max_bytes: '22020096', max_gas: '-1' })

    // CometBFT applies the params from the next height: its header hashes them.
    expect(await consensusHashAt(node, passed)).toBe(genesisHash)
    expect(await consensusHashAt(node, passed + 1)).toBe(newHash)
    expect(
      (await rpcGet(node, `/consensus_params?height=${passed}`)).consensus_params.block,
    ).toEqual({ max_bytes: '22020096', max_gas: '-1' })
    expect(
      (await rpcGet(node, `/consensus_params?height=${passed + 1}`)).consensus_params,
    ).toMatchObject({
      block: { max_bytes: '22020096', max_gas: '300000' },
      evidence: { max_age_num_blocks: '100000', max_age_duration: '172800000000000' },
      validator: { pub_key_types: ['ed25519'] },
    })
    expect((await rest(node, '/sdk/consensus/v1/params')).params.block).toEqual({
      max_bytes: '22020096',
      max_gas: '300000',
    })

    // A tx asking for more gas than a block holds is refused at CheckTx; one within it is included.
    const send = (gas: string) => ['bank', 'send', alice, bob, '1stake', '--gas', gas]
    expect(await tx(h, node, send('400000'), 'alice', { wait: false })).toMatchObject({
      code: 41,
      codespace: 'sdk',
      raw_log: 'tx gas limit 400000 exceeds block max gas 300000: invalid gas limit',
    })
    await txOk(h, node, send('200000'), 'alice')
    // Mined blocks (a burst, made on the block worker but for the last) hash them too.
    const mined = await devMine(node.rpcPort, 20)
    for (let height = mined - 19; height <= mined; height++)
      expect(await consensusHashAt(node, height), `height ${height}`).toBe(newHash)

    // A restart keeps them: the next headers, the RPC and CheckTx.
    await node.p.stop()
    node = await startDevnetNode(h, 'v2', '100ms')
    const restarted = await heightOf(node)
    await heightAtLeast(node.rpcPort, restarted + 1)
    expect(await consensusHashAt(node, restarted + 1)).toBe(newHash)
    expect((await rpcGet(node, '/consensus_params')).consensus_params.block.max_gas).toBe('300000')
    const q = await runSdkd(['query', 'consensus', 'params', '--node', node.rpc, '-o', 'json'])
    expect(q.code).toBe(0)
    expect(JSON.parse(q.stdout).params).toMatchObject({
      block: { max_bytes: '22020096', max_gas: '300000' },
      validator: { pub_key_types: ['ed25519'] },
    })
    expect(await tx(h, node, send('400000'), 'alice', { wait: false })).toMatchObject({
      code: 41,
      raw_log: 'tx gas limit 400000 exceeds block max gas 300000: invalid gas limit',
    })

    // The CometBFT service's commands (`query comet …`, also under `query consensus comet`).
    const comet = async (...args: string[]) => {
      const r = await runSdkd(['query', ...args, '--node', node.rpc, '-o', 'json'])
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout)
    }
    const base64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64')
    const byHeight = await comet('comet', 'block-by-height', String(passed + 1))
    expect(byHeight.block.header.height).toBe(String(passed + 1))
    expect(byHeight.block.header.consensus_hash).toBe(base64(newHash))
    const earlier = await comet('consensus', 'comet', 'block-by-height', String(passed))
    expect(earlier.block.header.consensus_hash).toBe(base64(genesisHash))
    expect((await comet('comet', 'node-info')).default_node_info.network).toBe(
      'consensus-params-e2e',
    )
    expect(await comet('comet', 'syncing')).toEqual({ syncing: false })
    const latest = Number((await comet('comet', 'block-latest')).block.header.height)
    expect(latest).toBeGreaterThan(passed)
    const set = await comet('consensus', 'comet', 'validator-set-by-height', String(passed))
    expect(set.block_height).toBe(String(passed))
    expect(set.validators.map((v: { voting_power: string }) => v.voting_power)).toEqual(['10'])
    expect((await comet('comet', 'validator-set')).validators).toHaveLength(1)

    // CometBFT's ValidateBasic refuses an invalid update: the proposal fails with its text.
    const invalid = await decide({
      '@type': '/sdk.consensus.v1.MsgUpdateParams',
      authority: GOV_ADDRESS,
      block: { max_bytes: '22020096', max_gas: '-2' },
      evidence: EVIDENCE,
      validator: { pub_key_types: ['ed25519'] },
    })
    expect(invalid.proposal).toMatchObject({
      status: 'PROPOSAL_STATUS_FAILED',
      failed_reason: 'block.MaxGas must be greater or equal to -1. Got -2',
    })
    expect((await rest(node, '/sdk/consensus/v1/params')).params.block.max_gas).toBe('300000')
  }, 180_000)

  test('behavior: --min-retain-blocks keeps the blocks the current evidence.max_age_num_blocks asks for, from the height of the proposal that changed it', async () => {
    const h = await createDevnetHome('consensus-retain-e2e', { voting_period: '600s' })
    cleanups.push(h.cleanup)
    const file = join(h.dir, 'config/genesis.json')
    const genesis = JSON.parse(await readFile(file, 'utf8'))
    genesis.consensus.params.evidence.max_age_num_blocks = '5'
    await writeFile(file, JSON.stringify(genesis, null, 2))
    const node = await startDevnetNode(h, 'v2', '100ms', ['--min-retain-blocks', '10'])
    cleanups.push(async () => void (await node.p.stop('SIGKILL')))
    const sync = async () => {
      const s = (await rpcGet(node, '/status')).sync_info
      return { latest: Number(s.latest_block_height), earliest: Number(s.earliest_block_height) }
    }
    // Retention is upstream's min(h - max_age_num_blocks, h - min-retain-blocks): h - 10 here.
    await heightAtLeast(node.rpcPort, 15)
    const first = await sync()
    expect(first.earliest).toBe(first.latest - 10)

    const { votedAt, proposal } = await decideProposal(
      h,
      node,
      [
        {
          '@type': '/sdk.consensus.v1.MsgUpdateParams',
          authority: GOV_ADDRESS,
          block: { max_bytes: '22020096', max_gas: '-1' },
          evidence: { ...EVIDENCE, max_age_num_blocks: '30' },
          validator: { pub_key_types: ['ed25519'] },
        },
      ],
      'retain',
    )
    expect(proposal.status).toBe('PROPOSAL_STATUS_PASSED')
    // The blocks before it may be pruned already (ten are kept until it).
    let passed = 0
    for (let height = Math.max(votedAt, (await sync()).earliest); passed === 0; height++) {
      const results = await rpcGet(node, `/block_results?height=${height}`)
      const types = (results.finalize_block_events ?? []).map((e: { type: string }) => e.type)
      if (types.includes('update_consensus_params')) passed = height
    }
    // Blocks on demand from here: the reads below see one height.
    expect((await rpcCall(node.rpcPort, 'dev_setMining', { mode: 'manual' })).result).toBeDefined()
    // From that height on, the rule is upstream's minNonZero(h - 30, h - 10): h - 30, except at
    // h = 30 exactly, where h - 30 = 0 counts as no limit and h - 10 prunes to 20 (a proposal
    // that passes before height 30 meets it; src/chain/height-rules.test.ts has that case). No
    // block is pruned until the rule passes the earliest kept one (passed - 11, or 20), so after
    // 40 more blocks the chain keeps 30 blocks below its latest.
    await devMine(node.rpcPort, 45)
    const after = await sync()
    expect(after.latest).toBeGreaterThanOrEqual(passed + 40)
    expect(after.earliest).toBe(after.latest - 30)
    const gone = await getJson(
      `http://127.0.0.1:${node.rpcPort}/block?height=${after.earliest - 1}`,
    )
    expect(gone.status).toBe(500)
    expect((await rpcGet(node, `/block?height=${after.earliest}`)).block.header.height).toBe(
      String(after.earliest),
    )
  }, 180_000)
})
