/**
 * Upstream's gas rules as a price list, for tests that list a tx's store accesses and check sdkd
 * charges exactly their price (cosmos/cosmos-sdk v0.50 store/types/gas.go `KVGasConfig`, applied per
 * access by store/gaskv/store.go; x/auth/types/params.go `DefaultParams`).
 */
export const TABLE = {
  hasCost: 1000,
  deleteCost: 1000,
  readCostFlat: 1000,
  readCostPerByte: 3,
  writeCostFlat: 2000,
  writeCostPerByte: 30,
  iterNextCostFlat: 30,
}
export const TX_SIZE_COST_PER_BYTE = 10
export const SIG_VERIFY_COST_SECP256K1 = 1000

/** One store access (key and value lengths in bytes), or a charge that is not a store access. */
export type Access =
  | { op: 'read' | 'write'; what: string; key: number; value: number }
  | { op: 'has' | 'delete'; what: string; key: number }
  | { op: 'txSize'; bytes: number }
  | { op: 'sigVerify' }
  | { op: 'gas'; what: string; amount: number }

/** The gas meter charges (descriptor, amount) the table gives for one access, in upstream's order. */
export function charges(a: Access): [string, number][] {
  switch (a.op) {
    case 'read':
      return [
        ['ReadFlat', TABLE.readCostFlat],
        ['ReadPerByte', TABLE.readCostPerByte * a.key],
        ['ReadPerByte', TABLE.readCostPerByte * a.value],
      ]
    case 'write':
      return [
        ['WriteFlat', TABLE.writeCostFlat],
        ['WritePerByte', TABLE.writeCostPerByte * a.key],
        ['WritePerByte', TABLE.writeCostPerByte * a.value],
      ]
    case 'has':
      return [['Has', TABLE.hasCost]]
    case 'delete':
      return [['Delete', TABLE.deleteCost]]
    case 'txSize':
      return [['txSize', TX_SIZE_COST_PER_BYTE * a.bytes]]
    case 'sigVerify':
      return [['ante verify: secp256k1', SIG_VERIFY_COST_SECP256K1]]
    case 'gas':
      return [[a.what, a.amount]]
  }
}

export const total = (list: readonly Access[]): number =>
  list.flatMap(charges).reduce((sum, [, amount]) => sum + amount, 0)

/** auth `0x00` → Params{256, 7, 10, 590, 1000} (13 bytes). */
export const AUTH_PARAMS = { key: 1, value: 13 }
/** auth `0x01 ‖ address(20)`. */
export const ACCOUNT_KEY = 21
/** auth account-number Unique index `"accountNumber" (13) ‖ uint64 BE` → address. */
export const ACCOUNT_NUMBER = { key: 21, value: 20 }
/** bank `0x02 ‖ 20 ‖ address ‖ "stake"`. */
export const BALANCE_KEY = 27
/** bank denom index `0x03 ‖ 5 ‖ "stake" ‖ 20 ‖ address` → nothing (upstream's key is as long). */
export const DENOM_INDEX = { key: 28, value: 0 }
/** Any{'/sdk.auth.v1beta1.ModuleAccount', fee_collector, number 2} as stored. */
export const FEE_COLLECTOR_ACCOUNT = 98

/** Stored value lengths an ante run reads and writes for one secp256k1 signer paying a fee. */
export interface AnteLengths {
  txBytes: number
  /** The signer's account before the tx, after SetPubKey stores its key, after its sequence moves. */
  account: { before: number; withKey: number; after: number }
  /** Whether the signer's key is stored by this tx (its first). */
  newKey: boolean
  /** The payer's and the fee collector's balances, before and after the fee. */
  payerBalance: [number, number]
  feeCollectorBalance: [number, number]
}

/** Upstream's account SetAccount (IndexedMap with the Unique account-number index). */
function setAccount(who: string, old: number, value: number): Access[] {
  return [
    { op: 'read', what: `${who} account (old value)`, key: ACCOUNT_KEY, value: old },
    { op: 'delete', what: 'account number index', key: ACCOUNT_NUMBER.key },
    { op: 'has', what: 'account number index', key: ACCOUNT_NUMBER.key },
    { op: 'write', what: 'account number index', ...ACCOUNT_NUMBER },
    { op: 'write', what: `${who} account`, key: ACCOUNT_KEY, value },
  ]
}

/**
 * Upstream's bank SendCoins of one denom between accounts that exist: LockedCoins' account read,
 * the sender's balance, the recipient's, then HasAccount.
 */
export function sendCoins(
  from: { who: string; account: number; balance: [number, number] },
  to: { who: string; balance: [number, number] },
): Access[] {
  return [
    {
      op: 'read',
      what: `${from.who} account (LockedCoins)`,
      key: ACCOUNT_KEY,
      value: from.account,
    },
    { op: 'read', what: `${from.who} balance`, key: BALANCE_KEY, value: from.balance[0] },
    { op: 'write', what: `denom index (stake, ${from.who})`, ...DENOM_INDEX },
    { op: 'write', what: `${from.who} balance`, key: BALANCE_KEY, value: from.balance[1] },
    { op: 'read', what: `${to.who} balance`, key: BALANCE_KEY, value: to.balance[0] },
    { op: 'write', what: `denom index (stake, ${to.who})`, ...DENOM_INDEX },
    { op: 'write', what: `${to.who} balance`, key: BALANCE_KEY, value: to.balance[1] },
    { op: 'has', what: `${to.who} account`, key: ACCOUNT_KEY },
  ]
}

/**
 * Upstream's ante handler (x/auth/ante NewAnteHandler order, without simd's circuit breaker) for
 * one secp256k1 signer paying a non-zero fee, with no memo.
 */
export function anteAccesses(l: AnteLengths): Access[] {
  const params: Access = { op: 'read', what: 'auth params', ...AUTH_PARAMS }
  const signer = (value: number): Access => ({
    op: 'read',
    what: 'signer account',
    key: ACCOUNT_KEY,
    value,
  })
  return [
    // ConsumeTxSizeGasDecorator
    params,
    { op: 'txSize', bytes: l.txBytes },
    // DeductFeeDecorator: the payer, then SendCoinsFromAccountToModule(fee_collector)
    signer(l.account.before),
    { op: 'read', what: 'fee collector account', key: ACCOUNT_KEY, value: FEE_COLLECTOR_ACCOUNT },
    ...sendCoins(
      { who: 'signer', account: l.account.before, balance: l.payerBalance },
      { who: 'fee collector', balance: l.feeCollectorBalance },
    ),
    // SetPubKeyDecorator
    signer(l.account.before),
    ...(l.newKey ? setAccount('signer', l.account.before, l.account.withKey) : []),
    // ValidateSigCountDecorator
    params,
    // SigGasConsumeDecorator
    params,
    signer(l.account.withKey),
    { op: 'sigVerify' },
    // SigVerificationDecorator
    signer(l.account.withKey),
    // IncrementSequenceDecorator
    signer(l.account.withKey),
    ...setAccount('signer', l.account.withKey, l.account.after),
  ]
}
