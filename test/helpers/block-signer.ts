import type { BlockSigner } from '../../src/block/block.js'
import { createEd25519Signer } from '../../src/codec/ed25519.js'
import { consensusAddress, ed25519FromSeed } from '../../src/config/validator-key.js'

/** A validator that signs blocks with the ed25519 key of a seed of 32 bytes `fill` (power 10). */
export function testBlockSigner(fill: number): BlockSigner {
  const key = ed25519FromSeed(new Uint8Array(32).fill(fill))
  return {
    address: consensusAddress(key.pubKey),
    pubKey: key.pubKey,
    power: 10n,
    sign: createEd25519Signer(key.seed).sign,
  }
}

/** The consensus params the block tests build with: blocks up to 21 MiB, no gas limit. */
export const TEST_BLOCK_PARAMS = { blockMaxBytes: 22020096n, blockMaxGas: -1n }
