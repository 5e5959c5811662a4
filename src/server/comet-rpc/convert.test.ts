import { describe, expect, test } from 'vitest'
import { toBase64, toHexUpper } from '../../codec/bytes.js'
import { protoRegistry } from '../../codec/proto.js'
import { blockResponseOf, txResponseOfComet } from './convert.js'
import type { CometBlockResult, CometVote } from './json-types.js'

const H = (byte: string) => byte.repeat(32)
const EMPTY_ID = { hash: '', parts: { total: 0, hash: '' } }
const ID = { hash: H('AB'), parts: { total: 1, hash: H('CD') } }

const vote = (type: number, hash: string): CometVote => ({
  type,
  height: '3',
  round: 0,
  block_id: { hash, parts: { total: 1, hash: H('11') } },
  timestamp: '2024-05-01T12:00:03.5Z',
  validator_address: '22'.repeat(20),
  validator_index: 0,
  signature: toBase64(new Uint8Array([9, 9])),
})

/** A block at height 1 as CometBFT's `/block` prints it (empty last block id, no signatures). */
const FIRST: CometBlockResult = {
  block_id: ID,
  block: {
    header: {
      version: { block: '11' },
      chain_id: 'c-1',
      height: '1',
      time: '2024-05-01T12:00:01.25Z',
      last_block_id: EMPTY_ID,
      last_commit_hash: H('E3'),
      data_hash: H('E3'),
      validators_hash: H('01'),
      next_validators_hash: H('01'),
      consensus_hash: H('02'),
      app_hash: H('03'),
      last_results_hash: H('E3'),
      evidence_hash: H('E3'),
      proposer_address: 'AA'.repeat(20),
    },
    data: { txs: [toBase64(new Uint8Array([1, 2, 3]))] },
    evidence: {
      evidence: [
        {
          type: 'tendermint/DuplicateVoteEvidence',
          value: {
            vote_a: vote(2, H('44')),
            vote_b: vote(2, H('55')),
            total_voting_power: '10',
            validator_power: '10',
            timestamp: '2024-05-01T12:00:03Z',
          },
        },
      ],
    },
    last_commit: { height: '0', round: 0, block_id: EMPTY_ID, signatures: [] },
  },
}

describe('CometBFT JSON → protobuf', () => {
  test('behavior: a block converts field by field and encodes as tendermint.types.Block', () => {
    const registry = protoRegistry()
    const r = blockResponseOf(registry, FIRST)
    const bytes = registry.encode('tendermint.types.Block', r.block!)
    const back = registry.decode('tendermint.types.Block', bytes)
    const header = back.header!
    expect([header.chain_id, String(header.height), String(header.version!.block)]).toEqual([
      'c-1',
      '1',
      '11',
    ])
    expect([String(header.time!.seconds), header.time!.nanos]).toEqual(['1714564801', 250_000_000])
    expect(toHexUpper(header.app_hash)).toBe(H('03'))
    expect(toHexUpper(header.proposer_address)).toBe('AA'.repeat(20))
    expect(header.last_block_id!.hash.length).toBe(0)
    expect(back.data!.txs.map((t) => [...t])).toEqual([[1, 2, 3]])
    const dup = back.evidence!.evidence[0]!.duplicate_vote_evidence!
    expect(toHexUpper(dup.vote_b!.block_id!.hash)).toBe(H('55'))
    expect(String(dup.total_voting_power)).toBe('10')
    expect(toHexUpper(r.block_id!.hash as Uint8Array)).toBe(H('AB'))
    // sdk_block: the same header with the proposer as a consensus address of the brand.
    expect(r.sdk_block!.header!.proposer_address).toMatch(/^sdkvalcons1/)
  })

  test('behavior: a tx result becomes a TxResponse (data as hex, the block time without fraction)', () => {
    const registry = protoRegistry()
    const { tx, txResponse } = txResponseOfComet(
      registry,
      {
        hash: H('0F'),
        height: '7',
        index: 0,
        tx: toBase64(new Uint8Array([0xff])),
        tx_result: {
          code: 5,
          data: toBase64(new Uint8Array([0x0a, 0x01])),
          log: 'insufficient funds',
          info: '',
          gas_wanted: '200000',
          gas_used: '1234',
          events: [{ type: 'tx', attributes: [{ key: 'fee', value: '1stake', index: true }] }],
          codespace: 'sdk',
        },
      },
      '2024-05-01T12:00:07.999Z',
    )
    expect(tx).toBeUndefined()
    expect(txResponse).toMatchObject({
      height: '7',
      txhash: H('0F'),
      code: 5,
      codespace: 'sdk',
      data: '0A01',
      raw_log: 'insufficient funds',
      gas_wanted: '200000',
      gas_used: '1234',
      timestamp: '2024-05-01T12:00:07Z',
      events: [{ type: 'tx', attributes: [{ key: 'fee', value: '1stake', index: true }] }],
    })
  })
})
