import { createPublicKey, verify } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { TEST_BLOCK_PARAMS, testBlockSigner } from '../../test/helpers/block-signer.js'
import { concatBytes, fromHex, toHexUpper } from '../codec/bytes.js'
import { EMPTY_HASH, leafHash, merkleRoot, sha256 } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { parseRfc3339, timeToTimestamp } from '../codec/time.js'
import { BLOCK_PART_SIZE, BlockBuilder, EMPTY_BLOCK_ID } from './block.js'

const registry = protoRegistry()
const signer = testBlockSigner(7)
const params = TEST_BLOCK_PARAMS
const T0 = parseRfc3339('2026-01-02T03:04:05.123456789Z')

function first(builder = new BlockBuilder(registry, 'test-chain', signer, params)) {
  return builder.build({
    height: 1,
    time: T0,
    lastBlockId: EMPTY_BLOCK_ID,
    appHash: sha256(Uint8Array.of(1)),
    lastResultsHash: new Uint8Array(),
    txs: [],
  })
}

describe('merkle (RFC 6962, CometBFT crypto/merkle)', () => {
  test('default: empty tree is sha256("")', () => {
    expect(toHexUpper(merkleRoot([]))).toBe(
      'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    )
  })

  test('behavior: one leaf is sha256(0x00 ‖ leaf); three leaves split 2+1', () => {
    const a = Uint8Array.of(1)
    const b = Uint8Array.of(2)
    const c = Uint8Array.of(3)
    expect(merkleRoot([a])).toEqual(sha256(Uint8Array.of(0, 1)))
    const inner = (l: Uint8Array, r: Uint8Array) => sha256(concatBytes(Uint8Array.of(1), l, r))
    expect(merkleRoot([a, b, c])).toEqual(inner(inner(leafHash(a), leafHash(b)), leafHash(c)))
  })
})

describe('block builder', () => {
  test('default: height 1 has the empty last block id, empty-hash data/evidence/commit, no results hash', () => {
    const b = first()
    expect(b.header.lastBlockId).toEqual(EMPTY_BLOCK_ID)
    expect(b.header.dataHash).toEqual(EMPTY_HASH)
    expect(b.header.evidenceHash).toEqual(EMPTY_HASH)
    expect(b.header.lastCommitHash).toEqual(EMPTY_HASH)
    expect(b.header.lastResultsHash).toEqual(new Uint8Array())
    expect(b.lastCommit.signatures).toEqual([])
    expect(b.blockId.parts.total).toBe(1)
    // One part: the part-set hash is the leaf hash of the whole proto-encoded block.
    expect(b.blockId.parts.hash).toEqual(leafHash(b.bytes))
  })

  test('behavior: the same inputs give the same block id; any header change gives another', () => {
    const a = first()
    expect(first().blockId.hash).toEqual(a.blockId.hash)
    const other = new BlockBuilder(registry, 'other-chain', signer, params).build({
      height: 1,
      time: T0,
      lastBlockId: EMPTY_BLOCK_ID,
      appHash: sha256(Uint8Array.of(1)),
      lastResultsHash: new Uint8Array(),
      txs: [],
    })
    expect(other.blockId.hash).not.toEqual(a.blockId.hash)
  })

  test('behavior: the last commit carries an ed25519 precommit signature over the canonical vote', () => {
    const builder = new BlockBuilder(registry, 'test-chain', signer, params)
    const b1 = first(builder)
    const t2 = T0 + 1_000_000_000n
    const b2 = builder.build({
      height: 2,
      time: t2,
      lastBlockId: b1.blockId,
      appHash: b1.header.appHash,
      lastResultsHash: builder.resultsHash([]),
      txs: [],
    })
    expect(b2.header.lastBlockId).toEqual(b1.blockId)
    expect(b2.header.lastResultsHash).toEqual(EMPTY_HASH)
    const sig = b2.lastCommit.signatures[0]!
    expect(sig.blockIdFlag).toBe(2)
    expect(sig.validatorAddress).toEqual(signer.address)
    expect(sig.signature).toHaveLength(64)
    const vote = registry
      .type('tendermint.types.CanonicalVote')
      .encodeDelimited({
        type: 2,
        height: '1',
        block_id: {
          hash: b1.blockId.hash,
          part_set_header: { total: b1.blockId.parts.total, hash: b1.blockId.parts.hash },
        },
        timestamp: timeToTimestamp(t2),
        chain_id: 'test-chain',
      })
      .finish()
    const pub = createPublicKey({
      key: Buffer.concat([
        Buffer.from('302a300506032b6570032100', 'hex'),
        Buffer.from(signer.pubKey),
      ]),
      format: 'der',
      type: 'spki',
    })
    expect(verify(null, vote, pub, sig.signature)).toBe(true)
    // The commit hash covers the signature (CommitSig proto leaf).
    expect(b2.header.lastCommitHash).not.toEqual(EMPTY_HASH)
  })

  test('behavior: txs set the data hash (merkle of sha256(tx)); a block over 64 KiB has several parts', () => {
    const builder = new BlockBuilder(registry, 'test-chain', signer, params)
    const tx = new Uint8Array(70_000).fill(9)
    const b = builder.build({
      height: 1,
      time: T0,
      lastBlockId: EMPTY_BLOCK_ID,
      appHash: new Uint8Array(32),
      lastResultsHash: new Uint8Array(),
      txs: [tx],
    })
    expect(b.header.dataHash).toEqual(merkleRoot([sha256(tx)]))
    expect(b.blockId.parts.total).toBe(Math.ceil(b.bytes.length / BLOCK_PART_SIZE))
    expect(b.blockId.parts.total).toBe(2)
    const parts = [b.bytes.subarray(0, BLOCK_PART_SIZE), b.bytes.subarray(BLOCK_PART_SIZE)]
    expect(b.blockId.parts.hash).toEqual(merkleRoot(parts))
  })

  test('behavior: decode(bytes) gives back the header and commit that were built', () => {
    const builder = new BlockBuilder(registry, 'test-chain', signer, params)
    const b1 = first(builder)
    const b2 = builder.build({
      height: 2,
      time: T0 + 5n,
      lastBlockId: b1.blockId,
      appHash: fromHex('AA'.repeat(32)),
      lastResultsHash: EMPTY_HASH,
      txs: [Uint8Array.of(1, 2, 3)],
    })
    const d = builder.decode(b2.bytes, b2.blockId)
    expect(d.header).toEqual(b2.header)
    expect(d.lastCommit).toEqual(b2.lastCommit)
    expect(d.txs).toEqual([Uint8Array.of(1, 2, 3)])
    expect(builder.headerHash(d.header)).toEqual(b2.blockId.hash)
  })
})
