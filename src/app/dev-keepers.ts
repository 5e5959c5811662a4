import type { EventManager } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import type { Coin } from '../codec/coins.js'
import type { Writable } from '../store/types.js'

/** What the dev API may change out of band, inside a block it mines (app versions provide it). */
export interface DevKeepers {
  /**
   * Sets an account's balance of each given denom (creating the account), adjusting the total
   * supply by the difference, and emits `dev_set_balance{address, amount}`.
   */
  setBalance(
    ctx: { state: Writable; events: EventManager },
    address: Bytes,
    coins: readonly Coin[],
  ): Promise<void>
}
