import type { TxKeepers } from '../app/tx-keepers.js'
import type { EventManager } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import type { ProtoRegistry } from '../codec/proto.js'
import type { TimeNs } from '../codec/time.js'
import type { StateBranch } from '../store/types.js'
import type { DecodedTx } from './decode.js'
import type { DecCoin } from './fees.js'
import type { GasMeter } from './gas.js'
import type { Impersonation } from './impersonation.js'
import type { SignatureCache } from './secp256k1.js'

/** How a tx runs: mempool admission, mempool re-admission after a block, in a block, or simulated. */
export type TxMode = 'check' | 'recheck' | 'deliver' | 'simulate'

/** What the ante handler is configured with. */
export interface AnteOptions {
  registry: ProtoRegistry
  chainId: string
  keepers: TxKeepers
  /** The node's minimum-gas-prices (checked in CheckTx only). */
  minGasPrices: readonly DecCoin[]
  /** Consensus block max gas (-1 or 0: unlimited). */
  blockMaxGas: bigint
  sigCache: SignatureCache
  /** The accounts a devnet's dev API impersonates (their txs are taken unsigned). */
  impersonation?: Impersonation
}

/** One tx's ante context: a metered branch, its event manager, the height it runs at. */
export interface AnteContext {
  state: StateBranch
  events: EventManager
  height: number
  /** The block time (for a check, the last block's): vesting locks are judged at it. */
  time: TimeNs
  mode: TxMode
  meter: GasMeter
}

/** One run of the ante handler over a tx: what every decorator reads, made once per run. */
export interface AnteRun {
  readonly o: AnteOptions
  readonly ctx: AnteContext
  readonly tx: DecodedTx
  /**
   * The tx's signers (each message's, then the fee payer if distinct), read by ValidateBasic for
   * the decorators after it (an unreadable signer address fails there, as upstream's GetSigners).
   */
  signers: Bytes[] | undefined
  readonly simulate: boolean
  readonly recheck: boolean
}

/**
 * One decorator of the ante handler (upstream `AnteDecorator`): throws a registered error to refuse
 * the tx; returns a promise only where a read of state needs one (memory answers nearly every read).
 */
export type AnteDecorator = (run: AnteRun) => void | Promise<void>
