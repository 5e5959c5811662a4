import type { ExecHeader } from '../../src/block/header.js'

const hash = (n: number, len = 32) => new Uint8Array(len).fill(n)

/** An execution header of `height` whose hashes are filled with 1…8 (the proposer 20 bytes). */
export function testExecHeader(height: number): ExecHeader {
  return {
    chainId: 'c',
    height,
    time: 1_700_000_000_123_456_789n + BigInt(height),
    dataHash: hash(1),
    validatorsHash: hash(2),
    nextValidatorsHash: hash(3),
    consensusHash: hash(4),
    appHash: hash(5),
    lastResultsHash: hash(6),
    evidenceHash: hash(7),
    proposerAddress: hash(8, 20),
  }
}
