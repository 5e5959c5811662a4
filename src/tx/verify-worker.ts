import { parentPort } from 'node:worker_threads'
import { verifySecp256k1 } from './secp256k1.js'

/** One verification: compressed key, sign bytes, 64-byte signature. */
export interface VerifyJob {
  pub: Uint8Array
  msg: Uint8Array
  sig: Uint8Array
}

/** Packs jobs into one buffer for `verifyBatch` (layout below). */
export function packJobs(jobs: readonly VerifyJob[]): Uint8Array {
  let size = 0
  for (const j of jobs) size += 3 + j.pub.length + 64 + j.msg.length
  const batch = new Uint8Array(size)
  const view = new DataView(batch.buffer)
  let pos = 0
  for (const j of jobs) {
    batch[pos] = j.pub.length
    view.setUint16(pos + 1, j.msg.length)
    batch.set(j.pub, pos + 3)
    batch.set(j.sig, pos + 3 + j.pub.length)
    batch.set(j.msg, pos + 3 + j.pub.length + 64)
    pos += 3 + j.pub.length + 64 + j.msg.length
  }
  return batch
}

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
