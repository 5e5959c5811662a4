import { type Bytes, equalBytes } from '../codec/bytes.js'
import { thenNow } from './value-now.js'

/**
 * One stored value's decoding, kept while the stored bytes stay the same (params every block reads
 * and only governance changes): a read whose bytes equal the last ones gets the same object, so
 * what it hands out must never be changed by callers.
 */
export class DecodedByBytes<T> {
  private last: { raw: Bytes | undefined; value: T } | undefined

  /**
   * The decoding of `raw` (undefined: nothing stored), from `decode` when the bytes changed: at
   * once when they are the last ones (or `decode` answers at once).
   */
  get(raw: Bytes | undefined, decode: () => T | Promise<T>): T | Promise<T> {
    const last = this.last
    if (last && (last.raw === raw || (raw && last.raw && equalBytes(last.raw, raw)))) {
      return last.value
    }
    return thenNow(decode(), (value) => {
      this.last = { raw: raw?.slice(), value }
      return value
    })
  }
}
