import type { Bytes } from '../codec/bytes.js'
import type {
  KVEntry,
  KVRange,
  KVReader,
  KVStore,
  StateBranch,
  StateReader,
  StoreUpgrades,
  ValueNow,
} from '../store/types.js'
import {
  hasNow as hasNowOf,
  readNow,
  setShared as setSharedIn,
  settled,
} from '../store/value-now.js'

/** Largest gas amount (uint64), the limit of an infinite meter. */
export const MAX_GAS = 2n ** 64n - 1n

/** Thrown when a tx uses more gas than its limit (upstream's ErrorOutOfGas panic). */
export class OutOfGasError extends Error {
  override readonly name = 'OutOfGasError'

  constructor(readonly descriptor: string) {
    super(`out of gas in location: ${descriptor}`)
  }
}

/** Above this, gas amounts are counted as bigints (below, numbers are exact and cheaper). */
const EXACT = BigInt(Number.MAX_SAFE_INTEGER)

/** Counts the gas a tx uses against its limit (upstream GasMeter). */
export class GasMeter {
  /** Gas used while it is a safe integer (`big` undefined). */
  private used = 0
  /** Gas used once it is not (or a bigint amount came in). */
  private big: bigint | undefined
  /** The limit as a number where exact; Infinity where the limit is beyond exact numbers. */
  private readonly maxNumber: number

  /** `limit` undefined: infinite (simulation, genesis). */
  constructor(private readonly max?: bigint) {
    this.maxNumber = max === undefined || max > EXACT ? Number.POSITIVE_INFINITY : Number(max)
  }

  get limit(): bigint {
    return this.max ?? MAX_GAS
  }

  get consumed(): bigint {
    return this.big ?? BigInt(this.used)
  }

  /** Adds gas; past the limit it throws OutOfGasError (the consumption stays counted, as upstream). */
  consume(amount: bigint | number, descriptor: string): void {
    if (this.big === undefined) {
      const n =
        typeof amount === 'number'
          ? amount
          : amount >= 0n && amount <= EXACT
            ? Number(amount)
            : Number.NaN
      const next = this.used + n
      if (Number.isSafeInteger(next) && n >= 0) {
        this.used = next
        if (next > this.maxNumber) throw new OutOfGasError(descriptor)
        return
      }
    }
    this.big = this.consumed + BigInt(amount)
    if (this.max !== undefined && this.big > this.max) throw new OutOfGasError(descriptor)
  }
}

/** A read's cost per byte of its key and value; hands the value on. */
function chargeRead(meter: GasMeter, key: Bytes, value: Bytes | undefined): Bytes | undefined {
  meter.consume(KV_GAS.readCostPerByte * key.length, 'ReadPerByte')
  meter.consume(KV_GAS.readCostPerByte * (value?.length ?? 0), 'ReadPerByte')
  return value
}

/** Upstream KVGasConfig: what store access costs. */
export const KV_GAS = {
  hasCost: 1000,
  deleteCost: 1000,
  readCostFlat: 1000,
  readCostPerByte: 3,
  writeCostFlat: 2000,
  writeCostPerByte: 30,
  iterNextCostFlat: 30,
} as const

/** A store whose every access consumes gas (upstream gaskv). */
class GasKVStore implements KVStore {
  constructor(
    private readonly inner: KVStore,
    private readonly meter: GasMeter,
  ) {}

  // Not async functions: a tx makes dozens of reads in CheckTx and again in its block, and an async
  // wrapper's frame and promises around the inner read were among the largest allocations of both.
  // A failure still comes as a rejected promise, as from an async function.
  get(key: Bytes): Promise<Bytes | undefined> {
    try {
      return settled(this.getNow(key))
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /**
   * The read's flat cost, the read, then its cost per byte of key and value, as upstream's gaskv
   * charges them; with a value in memory all at once (an out-of-gas then throws here).
   */
  getNow(key: Bytes): ValueNow {
    const meter = this.meter
    meter.consume(KV_GAS.readCostFlat, 'ReadFlat')
    const v = readNow(this.inner, key)
    if (v instanceof Promise) return v.then((value) => chargeRead(meter, key, value))
    return chargeRead(meter, key, v)
  }

  has(key: Bytes): Promise<boolean> {
    try {
      this.meter.consume(KV_GAS.hasCost, 'Has')
    } catch (err) {
      return Promise.reject(err)
    }
    return this.inner.has(key)
  }

  /** `has`, charged alike, at once when the inner store can tell from memory. */
  hasNow(key: Bytes): boolean | Promise<boolean> {
    this.meter.consume(KV_GAS.hasCost, 'Has')
    return hasNowOf(this.inner, key)
  }

  set(key: Bytes, value: Bytes): void {
    this.chargeWrite(key, value)
    this.inner.set(key, value)
  }

  /** `set`'s charges, the value handed on as it is (`setShared`). */
  setShared(key: Bytes, value: Bytes): void {
    this.chargeWrite(key, value)
    setSharedIn(this.inner, key, value)
  }

  private chargeWrite(key: Bytes, value: Bytes): void {
    this.meter.consume(KV_GAS.writeCostFlat, 'WriteFlat')
    this.meter.consume(KV_GAS.writeCostPerByte * key.length, 'WritePerByte')
    this.meter.consume(KV_GAS.writeCostPerByte * value.length, 'WritePerByte')
  }

  delete(key: Bytes): void {
    this.meter.consume(KV_GAS.deleteCost, 'Delete')
    this.inner.delete(key)
  }

  /**
   * Upstream gasIterator: creating the iterator charges its current item (if any) and a step, and
   * every Next() charges the item it leaves and a step before moving — so a walk to the end pays
   * for its first item twice, and an empty range pays one step.
   */
  async *iterate(range?: KVRange): AsyncIterable<KVEntry> {
    let current: KVEntry | undefined
    for await (const entry of this.inner.iterate(range)) {
      // Creation (no current item yet) charges this item; a Next() charges the one it leaves.
      this.chargeSeek(current ?? entry)
      current = entry
      yield entry
    }
    this.chargeSeek(current)
  }

  /** Upstream consumeSeekGas: the item's bytes when there is one, then a step. */
  private chargeSeek(entry: KVEntry | undefined): void {
    if (entry) {
      this.meter.consume(KV_GAS.readCostPerByte * entry[0].length, 'ValuePerByte')
      this.meter.consume(KV_GAS.readCostPerByte * entry[1].length, 'ValuePerByte')
    }
    this.meter.consume(KV_GAS.iterNextCostFlat, 'IterNextFlat')
  }
}

/** A branch whose stores (and nested branches) charge `meter` for every access. */
class GasBranch implements StateBranch {
  constructor(
    private readonly inner: StateBranch,
    readonly meter: GasMeter,
  ) {}

  get height(): number {
    return this.inner.height
  }

  get size(): number {
    return this.inner.size
  }

  /** Store views by name: keepers ask for their store on every access. */
  private readonly stores = new Map<string, KVStore>()

  store(name: string): KVStore {
    let store = this.stores.get(name)
    if (!store) {
      store = new GasKVStore(this.inner.store(name), this.meter)
      this.stores.set(name, store)
    }
    return store
  }

  hasStore(name: string): boolean {
    return this.inner.hasStore(name)
  }

  storeNames(): string[] {
    return this.inner.storeNames()
  }

  branch(): StateBranch {
    return new GasBranch(this.inner.branch(), this.meter)
  }

  write(): void {
    this.inner.write()
  }

  upgradeStores(upgrades: StoreUpgrades): Promise<void> {
    this.stores.clear()
    return this.inner.upgradeStores(upgrades)
  }
}

/** `branch` seen through a gas meter. */
export function meteredBranch(branch: StateBranch, meter: GasMeter): StateBranch {
  return new GasBranch(branch, meter)
}

/**
 * A read-only state seen through a gas meter (a query's, under app.toml's `query-gas-limit`): every
 * read, `has` and iteration step charged as upstream's gaskv charges them.
 */
export function meteredReader(state: StateReader, meter: GasMeter): StateReader {
  const stores = new Map<string, KVReader>()
  return {
    height: state.height,
    store(name) {
      let store = stores.get(name)
      if (!store) {
        // Only its reads are used: a query never writes.
        store = new GasKVStore(state.store(name) as KVStore, meter)
        stores.set(name, store)
      }
      return store
    },
    hasStore: (name) => state.hasStore(name),
    storeNames: () => state.storeNames(),
  }
}
