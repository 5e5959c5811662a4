import { createPublicKey, verify } from 'node:crypto'

// Votes as CometBFT signs them, built and checked apart from sdkd's own encoding.

/** Protobuf varint of a non-negative integer. */
function varint(n: bigint): number[] {
  const out: number[] = []
  let x = BigInt.asUintN(64, n)
  while (x >= 0x80n) {
    out.push(Number(x & 0x7fn) | 0x80)
    x >>= 7n
  }
  out.push(Number(x))
  return out
}
const ld = (tag: number, bytes: number[]) => [tag, ...varint(BigInt(bytes.length)), ...bytes]

/** RFC 3339 with up to nanoseconds → {seconds, nanos}. */
export function timestampOf(text: string): { seconds: bigint; nanos: number } {
  const m = /^(.*?)(?:\.(\d+))?Z$/.exec(text)!
  return {
    seconds: BigInt(Date.parse(`${m[1]}Z`) / 1000),
    nanos: Number((m[2] ?? '').padEnd(9, '0')),
  }
}

/**
 * CometBFT's vote sign bytes (length-delimited CanonicalVote), encoded here by hand from
 * types/canonical.go and proto/tendermint/types/canonical.proto: the type (1 prevote, 2
 * precommit), height as sfixed64, round 0 (omitted), the CanonicalBlockID (a block id as the RPC
 * prints it), the vote's timestamp and the chain id.
 */
export function canonicalVote(
  type: 1 | 2,
  height: number,
  blockId: any,
  time: string,
  chainId: string,
): Buffer {
  const h = Buffer.alloc(8)
  h.writeBigInt64LE(BigInt(height))
  const hash = [...Buffer.from(blockId.hash, 'hex')]
  const parts = [
    ...(blockId.parts.total ? [0x08, ...varint(BigInt(blockId.parts.total))] : []),
    ...ld(0x12, [...Buffer.from(blockId.parts.hash, 'hex')]),
  ]
  const { seconds, nanos } = timestampOf(time)
  const ts = [
    ...(seconds !== 0n ? [0x08, ...varint(seconds)] : []),
    ...(nanos !== 0 ? [0x10, ...varint(BigInt(nanos))] : []),
  ]
  const body = [
    0x08,
    type,
    0x11,
    ...h,
    ...ld(0x22, [...ld(0x0a, hash), ...ld(0x12, parts)]),
    ...ld(0x2a, ts),
    ...ld(0x32, [...Buffer.from(chainId)]),
  ]
  return Buffer.from([...varint(BigInt(body.length)), ...body])
}

/** Whether an ed25519 `signature` (base64) of `message` verifies with the 32-byte `pubKey`. */
export function verifies(pubKey: Buffer, message: Buffer, signatureB64: string): boolean {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), pubKey]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, message, key, Buffer.from(signatureB64, 'base64'))
}
