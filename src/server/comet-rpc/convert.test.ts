import { describe, expect, test } from 'vitest'
import { evidenceFromProto } from '../../block/block-decode.js'
import {
  type BlockEvidence,
  type DuplicateVoteEvidence,
  type EvidenceValidator,
  evidenceOf,
  type LightClientAttackEvidence,
} from '../../block/evidence.js'
import { GO_ZERO_TIME } from '../../block/header.js'
import { toBase64, toHexUpper, utf8 } from '../../codec/bytes.js'
import { protoRegistry } from '../../codec/proto.js'
import { evidenceJson } from '../rpc/cometbft-json.js'
import { blockResponseOf, evidenceToProto, txResponseOfComet } from './convert.js'
import type { CometBlockResult, CometEvidence, CometVote } from './json-types.js'

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
            TotalVotingPower: '10',
            ValidatorPower: '10',
            Timestamp: '2024-05-01T12:00:03Z',
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

  test("behavior: a block's evidence as sdkd's RPC prints it (CometBFT's JSON) converts back to the very bytes the block holds", () => {
    const fill = (n: number, byte: number) => new Uint8Array(n).fill(byte)
    const time = (s: number) => BigInt(s) * 1_000_000_000n + 250_000_000n
    const id = (b: number) => ({ hash: fill(32, b), parts: { total: 1, hash: fill(32, b + 1) } })
    const [strong, weak]: EvidenceValidator[] = [
      { address: fill(20, 0xa1), pubKey: fill(32, 0xb1), power: 40n, priority: -25n },
      { address: fill(20, 0xa2), pubKey: fill(32, 0xb2), power: 10n, priority: 25n },
    ]
    const vote = (b: number) => ({
      height: 6,
      blockId: id(b),
      time: time(1714564806),
      validatorAddress: weak!.address,
      validatorIndex: 1,
      signature: fill(64, b),
    })
    const duplicate: DuplicateVoteEvidence = {
      voteA: vote(0x10),
      voteB: vote(0x20),
      totalVotingPower: 50n,
      validatorPower: 10n,
      timestamp: time(1714564806),
    }
    const attack: LightClientAttackEvidence = {
      conflictingBlock: {
        header: {
          chainId: 'c-1',
          height: 7,
          time: time(1714564807),
          lastBlockId: id(0x30),
          lastCommitHash: fill(32, 0x40),
          dataHash: fill(32, 0x41),
          validatorsHash: fill(32, 0x42),
          nextValidatorsHash: fill(32, 0x42),
          consensusHash: fill(32, 0x43),
          appHash: utf8('some other app hash'),
          lastResultsHash: fill(32, 0x44),
          evidenceHash: fill(32, 0x45),
          proposerAddress: strong!.address,
        },
        commit: {
          height: 7,
          round: 0,
          blockId: id(0x50),
          signatures: [
            {
              blockIdFlag: 2,
              validatorAddress: strong!.address,
              timestamp: time(1714564808),
              signature: fill(64, 0x60),
            },
            {
              blockIdFlag: 1,
              validatorAddress: new Uint8Array(),
              timestamp: GO_ZERO_TIME,
              signature: new Uint8Array(),
            },
          ],
        },
        validators: [strong!, weak!],
        proposer: weak!,
      },
      commonHeight: 6,
      byzantineValidators: [weak!],
      totalVotingPower: 50n,
      timestamp: time(1714564806),
    }
    const items: BlockEvidence[] = [duplicate, attack]
    const json = items.map(evidenceJson)
    expect(json.map((j) => [j.type, Object.keys(j.value)])).toEqual([
      [
        'tendermint/DuplicateVoteEvidence',
        ['vote_a', 'vote_b', 'TotalVotingPower', 'ValidatorPower', 'Timestamp'],
      ],
      [
        'tendermint/LightClientAttackEvidence',
        [
          'ConflictingBlock',
          'CommonHeight',
          'ByzantineValidators',
          'TotalVotingPower',
          'Timestamp',
        ],
      ],
    ])
    const registry = protoRegistry()
    // Through JSON text, as a client (and sdkd under CometBFT) reads it.
    const read = JSON.parse(JSON.stringify(json)) as CometEvidence[]
    const list = registry.encode('tendermint.types.EvidenceList', {
      evidence: evidenceToProto(read),
    })
    const made = evidenceOf(items)
    expect(toHexUpper(list)).toBe(toHexUpper(made.list))
    // And the block's bytes decode back to the same evidence.
    const back = evidenceFromProto(registry.decode('tendermint.types.EvidenceList', made.list))
    expect(back.evidence).toEqual(items)
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
