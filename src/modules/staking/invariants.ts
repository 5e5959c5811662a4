import { formatInvariant } from '../../app/invariants.js'
import type { BlockContext, BrokenInvariant, Invariant } from '../../app/types.js'
import { moduleAddress } from '../../codec/address.js'
import { type Bytes, concatBytes, equalBytes, toHex, toHexUpper } from '../../codec/bytes.js'
import { type Dec, decFromAtomics, decToString } from '../../codec/dec.js'
import type { StakingCore } from './core.js'
import { BONDED_POOL_NAME, MODULE_NAME, NOT_BONDED_POOL_NAME } from './keys.js'
import {
  BOND_STATUS_BONDED,
  BOND_STATUS_UNBONDED,
  BOND_STATUS_UNBONDING,
  type Validator,
} from './status.js'
import { operatorOf, powerOf, rateOf } from './validators.js'

// x/staking's invariants (upstream x/staking/keeper/invariants.go), with upstream's routes and
// texts. Where upstream prints a whole record with Go's formatting (a validator with negative
// tokens, a delegation without positive shares), sdkd names it by its addresses and amount.

/** Go's `%v` of a byte slice: `[1 2 3]`. */
function goBytes(b: Bytes): string {
  return `[${[...b].join(' ')}]`
}

/** Every validator record, by operator address (bech32). */
async function scanValidators(k: StakingCore, ctx: BlockContext): Promise<Map<string, Validator>> {
  const validators = new Map<string, Validator>()
  for await (const [, v] of k.c.validators.iterate(ctx.state.store(MODULE_NAME))) {
    validators.set(v.operator_address, v)
  }
  return validators
}

/** Every delegation's shares: their sum by validator, and upstream's lines for the non-positive. */
interface DelegationScan {
  sums: Map<string, Dec>
  invalid: number
  lines: string
}

async function scanDelegations(k: StakingCore, ctx: BlockContext): Promise<DelegationScan> {
  const scan: DelegationScan = { sums: new Map(), invalid: 0, lines: '' }
  for await (const [, d] of k.c.delegations.iterate(ctx.state.store(MODULE_NAME))) {
    const shares = decFromAtomics(d.shares)
    scan.sums.set(d.validator_address, (scan.sums.get(d.validator_address) ?? 0n) + shares)
    const which = shares < 0n ? 'negative' : shares === 0n ? 'zero' : undefined
    if (which) {
      scan.invalid++
      scan.lines += `\tdelegation with ${which} shares: delegator ${d.delegator_address}, validator ${d.validator_address}, shares ${decToString(shares)}\n`
    }
  }
  return scan
}

/**
 * Upstream ModuleAccountInvariants: the bonded pool holds the tokens of the bonded validators; the
 * not-bonded pool those of the unbonding and unbonded ones plus every unbonding entry's balance.
 */
async function moduleAccounts(
  k: StakingCore,
  ctx: BlockContext,
  validators: ReadonlyMap<string, Validator>,
): Promise<string | undefined> {
  const denom = await k.bondDenom(ctx.state)
  let bonded = 0n
  let notBonded = 0n
  for (const v of validators.values()) {
    const tokens = BigInt(v.tokens || '0')
    if (v.status === BOND_STATUS_BONDED) bonded += tokens
    else if (v.status === BOND_STATUS_UNBONDING || v.status === BOND_STATUS_UNBONDED) {
      notBonded += tokens
    } else {
      // Upstream panics with this text: a stored validator always has a status.
      return 'invalid validator status'
    }
  }
  for await (const [, ubd] of k.c.unbondingDelegations.iterate(ctx.state.store(MODULE_NAME))) {
    for (const entry of ubd.entries) notBonded += BigInt(entry.balance || '0')
  }
  const poolBonded = await k.balanceOf(ctx.state, moduleAddress(BONDED_POOL_NAME), denom)
  const poolNotBonded = await k.balanceOf(ctx.state, moduleAddress(NOT_BONDED_POOL_NAME), denom)
  if (poolBonded === bonded && poolNotBonded === notBonded) return undefined
  return formatInvariant(
    MODULE_NAME,
    'bonded and not bonded module account coins',
    `\tPool's bonded tokens: ${poolBonded}${denom}\n` +
      `\tsum of bonded tokens: ${bonded}\n` +
      'not bonded token invariance:\n' +
      `\tPool's not bonded tokens: ${poolNotBonded}${denom}\n` +
      `\tsum of not bonded tokens: ${notBonded}\n` +
      'module accounts total (bonded + not bonded):\n' +
      `\tModule Accounts' tokens: ${poolBonded + poolNotBonded}${denom}\n` +
      `\tsum tokens:              ${bonded + notBonded}\n`,
  )
}

/**
 * Upstream NonNegativePowerInvariant: every entry of the power index is at the key of its
 * validator's current tokens, and no indexed validator has negative tokens.
 */
async function nonNegativePower(
  k: StakingCore,
  ctx: BlockContext,
  validators: ReadonlyMap<string, Validator>,
): Promise<string | undefined> {
  const byOperator = new Map<string, Validator>()
  for (const v of validators.values()) byOperator.set(toHex(operatorOf(v)), v)
  let msg = ''
  for await (const [, operator, raw] of k.c.validatorsByPower.iterate(
    ctx.state.store(MODULE_NAME),
  )) {
    const v = byOperator.get(toHex(operator))
    // Upstream panics with this text.
    if (!v) return `validator record not found for address: ${toHexUpper(operator)}\n`
    const tokens = rateOf(v).tokens
    const key = k.c.validatorsByPower.storeKey([powerOf(tokens), operatorOf(v)])
    const stored = concatBytes(k.c.validatorsByPower.prefix, raw)
    if (!equalBytes(stored, key)) {
      const power = v.status === BOND_STATUS_BONDED ? powerOf(tokens) : 0n
      msg +=
        `power store invariance:\n\tvalidator.Power: ${power}` +
        `\n\tkey should be: ${goBytes(key)}\n\tkey in store: ${goBytes(stored)}\n`
    }
    if (tokens < 0n) {
      msg += `\tnegative tokens for validator: ${v.operator_address} (tokens ${tokens})\n`
    }
  }
  if (msg === '') return undefined
  return formatInvariant(MODULE_NAME, 'nonnegative power', `found invalid validator powers\n${msg}`)
}

/** Upstream PositiveDelegationInvariant: every delegation has more than zero shares. */
function positiveDelegations(scan: DelegationScan): string | undefined {
  if (scan.invalid === 0) return undefined
  return formatInvariant(
    MODULE_NAME,
    'positive delegations',
    `${scan.invalid} invalid delegations found\n${scan.lines}`,
  )
}

/** Upstream DelegatorSharesInvariant: each validator's shares are the sum of its delegations'. */
function delegatorShares(
  validators: ReadonlyMap<string, Validator>,
  scan: DelegationScan,
): string | undefined {
  let msg = ''
  for (const v of validators.values()) {
    const expected = decFromAtomics(v.delegator_shares)
    const summed = scan.sums.get(v.operator_address) ?? 0n
    if (summed !== expected) {
      msg +=
        'broken delegator shares invariance:\n' +
        `\tvalidator.DelegatorShares: ${decToString(expected)}\n` +
        `\tsum of Delegator.Shares: ${decToString(summed)}\n`
    }
  }
  if (msg === '') return undefined
  return formatInvariant(MODULE_NAME, 'delegator shares', msg)
}

/** x/staking's four invariants, by upstream route. */
export function stakingInvariants(k: StakingCore): Invariant[] {
  return [
    {
      route: 'module-accounts',
      check: async (ctx) => moduleAccounts(k, ctx, await scanValidators(k, ctx)),
    },
    {
      route: 'nonnegative-power',
      check: async (ctx) => nonNegativePower(k, ctx, await scanValidators(k, ctx)),
    },
    {
      route: 'positive-delegation',
      check: async (ctx) => positiveDelegations(await scanDelegations(k, ctx)),
    },
    {
      route: 'delegator-shares',
      check: async (ctx) =>
        delegatorShares(await scanValidators(k, ctx), await scanDelegations(k, ctx)),
    },
  ]
}

/**
 * The four, in route order, over one reading of the validators and one of the delegations
 * (upstream's AllInvariants).
 */
export async function stakingCheckInvariants(
  k: StakingCore,
  ctx: BlockContext,
): Promise<BrokenInvariant | undefined> {
  const validators = await scanValidators(k, ctx)
  const accounts = await moduleAccounts(k, ctx, validators)
  if (accounts) return { route: 'module-accounts', message: accounts }
  const power = await nonNegativePower(k, ctx, validators)
  if (power) return { route: 'nonnegative-power', message: power }
  const delegations = await scanDelegations(k, ctx)
  const positive = positiveDelegations(delegations)
  if (positive) return { route: 'positive-delegation', message: positive }
  const shares = delegatorShares(validators, delegations)
  return shares ? { route: 'delegator-shares', message: shares } : undefined
}
