import { addressToBech32, bech32ToAddress } from '../codec/address.js'
import { type Bytes, bytesToLatin1 } from '../codec/bytes.js'

/** Which accounts a devnet impersonates, as a snapshot keeps it (bech32 addresses). */
export interface ImpersonationState {
  auto: boolean
  addresses: string[]
}

/**
 * The accounts whose txs the ante handler takes without their signatures (the dev API's
 * `dev_impersonate`, as anvil's `anvil_impersonateAccount`): for such a signer it checks the
 * sequence and charges the fee and the verification's gas as for a secp256k1 key, and skips the
 * public key's match and the signature. With `auto` on, every signer is impersonated. Empty, the
 * ante handler is upstream's.
 */
export class Impersonation {
  private readonly addresses = new Map<string, Bytes>()
  private autoOn = false

  /** Whether any account is impersonated (the ante handler asks nothing more otherwise). */
  get active(): boolean {
    return this.autoOn || this.addresses.size > 0
  }

  get auto(): boolean {
    return this.autoOn
  }

  /** Whether the ante handler takes `address`'s txs unsigned. */
  covers(address: Bytes): boolean {
    return this.autoOn || this.addresses.has(bytesToLatin1(address))
  }

  add(address: Bytes): void {
    this.addresses.set(bytesToLatin1(address), address.slice())
  }

  /** Stops impersonating `address`; whether it was. */
  remove(address: Bytes): boolean {
    return this.addresses.delete(bytesToLatin1(address))
  }

  setAuto(on: boolean): void {
    this.autoOn = on
  }

  /** The impersonated accounts (bech32, in text order), and auto. */
  state(): ImpersonationState {
    const addresses = [...this.addresses.values()]
      .map((a) => addressToBech32(a))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    return { auto: this.autoOn, addresses }
  }

  /** Takes `state` (a snapshot's; none: nothing impersonated). */
  restore(state: ImpersonationState | undefined): void {
    this.addresses.clear()
    this.autoOn = state?.auto ?? false
    for (const text of state?.addresses ?? []) this.add(bech32ToAddress(text))
  }
}
