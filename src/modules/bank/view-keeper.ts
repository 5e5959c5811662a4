import type { Bytes } from '../../codec/bytes.js'
import type { Coin } from '../../codec/coins.js'
import type { Proto, ProtoRegistry } from '../../codec/proto.js'
import type { TimeNs } from '../../codec/time.js'
import { collectNow } from '../../store/map-async.js'
import type { Readable } from '../../store/types.js'
import type { LockedCoinsSource } from './expected-keepers.js'
import { bankCollections, MODULE_NAME } from './keys.js'

/** Default bank params. */
export function defaultBankParams(): Proto<'sdk.bank.v1beta1.Params'> {
  return { send_enabled: [], default_send_enabled: true }
}

/** One denom's spendable amount: the balance less the locked amount, never below zero. */
export function spendableAmount(balance: bigint, locked: readonly Coin[], denom: string): bigint {
  const amount = locked.find((c) => c.denom === denom)?.amount ?? 0n
  return amount >= balance ? (amount > 0n ? 0n : balance) : balance - amount
}

/** A params read's params: the defaults where the store has none. */
function paramsOrDefault(
  params: Proto<'sdk.bank.v1beta1.Params'> | undefined,
): Proto<'sdk.bank.v1beta1.Params'> {
  return params ?? defaultBankParams()
}

/** A balance read's amount: 0 where the store has none. */
function orZero(amount: bigint | undefined): bigint {
  return amount ?? 0n
}

/**
 * x/bank's reads (upstream's BaseViewKeeper, keeper/view.go): params, balances, locked and
 * spendable coins, supply.
 */
export class BankViewKeeper {
  readonly c: ReturnType<typeof bankCollections>

  constructor(
    registry: ProtoRegistry,
    /** Where locked (still vesting) coins come from; without it every balance is spendable. */
    private readonly locked: LockedCoinsSource | undefined,
  ) {
    this.c = bankCollections(registry)
  }

  // `params` and `balance` chain on the read instead of being async functions: every tx reads
  // several balances in CheckTx and again in its block, and an async function's frame is one of
  // the largest allocations of a read. A read that fails still comes as a rejected promise.
  params(state: Readable): Promise<Proto<'sdk.bank.v1beta1.Params'>> {
    try {
      return this.c.params.getThen(state.store(MODULE_NAME), paramsOrDefault)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /** `params` without a promise when memory has them; a failed read throws or rejects. */
  paramsNow(
    state: Readable,
  ): Proto<'sdk.bank.v1beta1.Params'> | Promise<Proto<'sdk.bank.v1beta1.Params'>> {
    return this.c.params.getNowThen(state.store(MODULE_NAME), paramsOrDefault)
  }

  balance(state: Readable, address: Bytes, denom: string): Promise<bigint> {
    try {
      return this.c.balances.getThen(state.store(MODULE_NAME), [address, denom], orZero)
    } catch (err) {
      return Promise.reject(err)
    }
  }

  /** `balance` without a promise when memory has it; a failed read throws or rejects. */
  balanceNow(state: Readable, address: Bytes, denom: string): bigint | Promise<bigint> {
    return this.c.balances.getNowThen(state.store(MODULE_NAME), [address, denom], orZero)
  }

  /** All balances of an address, sorted by denom. */
  async balances(state: Readable, address: Bytes): Promise<Coin[]> {
    return this.balancesNow(state, address)
  }

  /** `balances` at once when memory has the range (x/distribution's BeginBlocker reads one). */
  balancesNow(state: Readable, address: Bytes): Coin[] | Promise<Coin[]> {
    const prefix = this.c.balances.storeKey([address, '']).subarray(1)
    return collectNow(
      this.c.balances.iterate(state.store(MODULE_NAME), { prefix }),
      ([[, denom], amount]): Coin => ({ denom, amount }),
    )
  }

  /**
   * Upstream LockedCoins: what a vesting schedule still locks of the account's coins; at once when
   * memory has the account (every send asks), else a promise.
   */
  lockedCoins(
    state: Readable,
    address: Bytes,
    blockTime: () => Promise<TimeNs>,
  ): Coin[] | Promise<Coin[]> {
    return this.locked ? this.locked(state, address, blockTime) : []
  }

  /**
   * Upstream SpendableCoin: the balance of one denom less its locked part, never below zero (a
   * locked amount above the balance leaves nothing to spend).
   */
  async spendableCoin(
    state: Readable,
    address: Bytes,
    denom: string,
    blockTime: () => Promise<TimeNs>,
  ): Promise<bigint> {
    const balance = await this.balance(state, address, denom)
    const locked = await this.lockedCoins(state, address, blockTime)
    return spendableAmount(balance, locked, denom)
  }

  /** Total supply of a denom. */
  async supplyOf(state: Readable, denom: string): Promise<bigint> {
    return this.supplyNow(state, denom)
  }

  /** `supplyOf` at once when memory has it; a failed read throws or rejects. */
  supplyNow(state: Readable, denom: string): bigint | Promise<bigint> {
    return this.c.supply.getNowThen(state.store(MODULE_NAME), denom, orZero)
  }
}
