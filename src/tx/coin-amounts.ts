import protobuf from 'protobufjs/light.js'
import { ErrTxDecode } from '../errors.js'

// Upstream's Coin holds its amount as a math.Int: decoding a tx reads every amount with
// big.Int's UnmarshalText and refuses one of more than 256 bits, so such a tx never reaches CheckTx
// (`tx parse error`, code 2). Here amounts stay text; this checks them the same way, once, where the
// tx is decoded.

/** math.Int's MaxBitLen. */
const MAX_BIT_LEN = 256

/** Whether a type is `…base.v1beta1.Coin` (canonical or in the brand). */
function isCoin(type: protobuf.Type): boolean {
  return type.name === 'Coin' && type.parent?.fullName.endsWith('.base.v1beta1') === true
}

const holdsCoinsCache = new WeakMap<protobuf.Type, boolean>()

/**
 * Whether a message of `type` can hold a Coin (through its own fields; Any values are not read):
 * whether a Coin is among the types its fields reach, walked once per type and then cached.
 */
function holdsCoins(type: protobuf.Type): boolean {
  const known = holdsCoinsCache.get(type)
  if (known !== undefined) return known
  const reached = new Set<protobuf.Type>([type])
  let holds = false
  for (const t of reached) {
    if (isCoin(t)) {
      holds = true
      break
    }
    for (const f of t.fieldsArray) {
      const r = f.resolve().resolvedType
      if (r instanceof protobuf.Type) reached.add(r)
    }
  }
  holdsCoinsCache.set(type, holds)
  return holds
}

/** The text big.Int's UnmarshalText and math.Int give for an amount they refuse, if they do. */
function intAmountError(amount: string): string | undefined {
  if (amount === '') return undefined // an empty Int: nil, as Go decodes it
  if (!/^[+-]?\d+$/.test(amount))
    return `math/big: cannot unmarshal ${JSON.stringify(amount)} into a *big.Int`
  const n = BigInt(amount.replace(/^\+/, ''))
  const bits = (n < 0n ? -n : n).toString(2).length - (n === 0n ? 1 : 0)
  if (bits > MAX_BIT_LEN) return `integer out of range; got: ${bits}, max: ${MAX_BIT_LEN}`
  return undefined
}

/**
 * Throws `tx parse error` (code 2) with Go's text when a Coin anywhere in `value` (a decoded message
 * of `type`) has an amount math.Int would not decode.
 */
export function checkCoinAmounts(type: protobuf.Type, value: unknown): void {
  if (value === null || value === undefined || !holdsCoins(type)) return
  const message = value as Record<string, unknown>
  if (isCoin(type)) {
    const why = intAmountError(String(message.amount ?? ''))
    if (why) throw ErrTxDecode.wrap(why)
    return
  }
  for (const field of type.fieldsArray) {
    const t = field.resolvedType
    if (!(t instanceof protobuf.Type)) continue
    const v = message[field.name]
    if (field.repeated && Array.isArray(v)) for (const x of v) checkCoinAmounts(t, x)
    else if (field.map && v) for (const x of Object.values(v)) checkCoinAmounts(t, x)
    else checkCoinAmounts(t, v)
  }
}
