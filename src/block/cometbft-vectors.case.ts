import { createPublicKey, verify } from 'node:crypto'
import { type Bytes, emptyBytes, fromHex } from '../codec/bytes.js'
import { merkleRoot } from '../codec/hash.js'
import { protoRegistry } from '../codec/proto.js'
import { parseRfc3339, type TimeNs, timeToTimestamp } from '../codec/time.js'
import { consensusAddress } from '../config/validator-key.js'
import { BlockBuilder, type BlockId, type BlockSigner, type Header } from './block.js'

/** What the CometBFT known-answer tests share: the registry, decoders, a replaying signer, upstream's header hash. */

export const registry = protoRegistry()
export const hex = (s: string): Bytes => fromHex(s)
export const b64 = (s: string): Bytes => new Uint8Array(Buffer.from(s, 'base64'))
export const time = (s: string): TimeNs => parseRfc3339(s)
/** CometBFT's default consensus params (max_bytes 22020096, max_gas -1). */
export const DEFAULT_PARAMS = { blockMaxBytes: 22020096n, blockMaxGas: -1n }

/** A block id from its hash and part-set header. */
export const blockId = (hash: string, total: number, parts: string): BlockId => ({
  hash: hex(hash),
  parts: { total, hash: hex(parts) },
})

/**
 * A validator that replays a signature recorded from a real chain: the builder asks it to sign,
 * it answers with what the real validator signed and keeps the message it was given, so the test
 * can verify that signature over exactly the bytes sdkd produced.
 */
export function replaySigner(pubKeyB64: string, power: bigint, signatureB64: string) {
  const pubKey = b64(pubKeyB64)
  const signed: Bytes[] = []
  const signer: BlockSigner = {
    address: consensusAddress(pubKey),
    pubKey,
    power,
    sign(message) {
      signed.push(message.slice())
      return b64(signatureB64)
    },
  }
  return { signer, signed }
}

export function ed25519Verify(pubKey: Bytes, message: Bytes, signature: Bytes): boolean {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(pubKey)]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, signature)
}

/**
 * The header hash as CometBFT's Header.Hash() builds it, written out from upstream's own test
 * (types/block_test.go TestHeaderHash re-derives it the same way): the merkle root of the 14 fields,
 * each cdcEncode'd (a wrapper proto, nothing for an empty value), in struct order.
 */
export function upstreamHeaderHash(h: Header, version: { block: number; app?: number }): Bytes {
  const enc = (type: string, value: Record<string, unknown>) => registry.encode(type, value)
  const bytes = (b: Bytes) =>
    b.length === 0 ? emptyBytes() : enc('google.protobuf.BytesValue', { value: b })
  const leaves = [
    enc('tendermint.version.Consensus', version),
    h.chainId === '' ? emptyBytes() : enc('google.protobuf.StringValue', { value: h.chainId }),
    h.height === 0 ? emptyBytes() : enc('google.protobuf.Int64Value', { value: h.height }),
    enc('google.protobuf.Timestamp', timeToTimestamp(h.time)),
    enc('tendermint.types.BlockID', {
      hash: h.lastBlockId.hash,
      part_set_header: { total: h.lastBlockId.parts.total, hash: h.lastBlockId.parts.hash },
    }),
    bytes(h.lastCommitHash),
    bytes(h.dataHash),
    bytes(h.validatorsHash),
    bytes(h.nextValidatorsHash),
    bytes(h.consensusHash),
    bytes(h.appHash),
    bytes(h.lastResultsHash),
    bytes(h.evidenceHash),
    bytes(h.proposerAddress),
  ]
  return merkleRoot(leaves)
}

/** A builder whose constant fields do not matter (headerHash wraps whatever a header carries). */
export function anyBuilder(): BlockBuilder {
  const { signer } = replaySigner('sor2GvQvyJm5myIU0gI+VtPSvwUkyZQFYF8abzvOLPs=', 1n, '')
  return new BlockBuilder(registry, 'unrelated-chain', signer, DEFAULT_PARAMS)
}
