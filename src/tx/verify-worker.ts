import { parentPort } from 'node:worker_threads'
import { verifySecp256k1 } from './secp256k1.js'

/**
 * Worker thread of the verify pool. A batch is one transferred buffer of jobs, each
 * `u8 key length ‖ u16 message length ‖ key ‖ signature(64) ‖ message`; the answer is one byte
 * per job, 1 when the signature is valid.
 */
export function verifyBatch(batch: Uint8Array): Uint8Array {
  const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength)
  const out: number[] = []
  let pos = 0
  while (pos < batch.length) {
    const keyLen = batch[pos]!
    const msgLen = view.getUint16(pos + 1)
    pos += 3
    const pub = batch.subarray(pos, pos + keyLen)
    const sig = batch.subarray(pos + keyLen, pos + keyLen + 64)
    const msg = batch.subarray(pos + keyLen + 64, pos + keyLen + 64 + msgLen)
    pos += keyLen + 64 + msgLen
    out.push(verifySecp256k1(pub, msg, sig) ? 1 : 0)
  }
  return Uint8Array.from(out)
}

parentPort?.on('message', ({ id, batch }: { id: number; batch: Uint8Array }) => {
  const results = verifyBatch(batch)
  parentPort!.postMessage({ id, results }, [results.buffer as ArrayBuffer])
})
