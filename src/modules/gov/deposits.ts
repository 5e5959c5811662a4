import type { BlockContext } from '../../app/types.js'
import { addressToBech32, bech32ToAddress, moduleAddress } from '../../codec/address.js'
import { type Bytes, uint64BE } from '../../codec/bytes.js'
import {
  addCoins,
  type Coin,
  coinsFromProto,
  coinsToProto,
  coinsToString,
  isAllGTE,
  normalizeCoins,
} from '../../codec/coins.js'
import { type Dec, decFromInt, decMul, decMulInt, decTruncate } from '../../codec/dec.js'
import type { ProtoRegistry } from '../../codec/proto.js'
import type { Readable, Writable } from '../../store/types.js'
import {
  ErrInactiveProposal,
  ErrInvalidDepositDenom,
  ErrMinDepositTooSmall,
  proposalNotFound,
} from './errors.js'
import type { GovBankKeeper, GovDistributionKeeper } from './expected-keepers.js'
import { type govCollections, MODULE_NAME } from './keys.js'
import type { GovParams } from './params.js'
import { type Proposal, ProposalStatus } from './proposal.js'

// Deposits held by the gov module account (upstream x/gov/keeper/deposit.go). Coins move only
// through x/bank's module-account functions, which emit the bank events.

/** What deposit writes need of a block context. */
type DepositCtx = Pick<BlockContext, 'state' | 'time' | 'events'>

/**
 * What the deposit functions use of the gov keeper (GovKeeper has it; declared here so this file
 * does not import the keeper, which calls back into it to charge a cancelled proposal).
 */
export interface DepositKeeper {
  readonly c: Pick<ReturnType<typeof govCollections>, 'deposits'>
  readonly bank: GovBankKeeper
  /** Takes a cancelled proposal's charge into the community pool. */
  readonly distribution: GovDistributionKeeper
  /** Names the proposal type in a not-found error (the brand's proto package). */
  readonly registry: ProtoRegistry
  params(state: Readable): Promise<GovParams>
  getProposal(state: Readable, id: bigint): Promise<Proposal | undefined>
  setProposal(state: Writable, p: Proposal): void
  activateVotingPeriod(
    ctx: Pick<BlockContext, 'state' | 'events' | 'time'>,
    p: Proposal,
  ): Promise<void>
}

/** One depositor's deposit on a proposal. */
export interface Deposit {
  depositor: Bytes
  amount: Coin[]
}

/** The deposit that moves a proposal into its voting period. */
export function minDepositOf(p: Proposal, params: GovParams): Coin[] {
  return p.expedited ? params.expeditedMinDeposit : params.minDeposit
}

/** Upstream validateDepositDenom: every deposited denom must be one min_deposit names. */
export function validateDepositDenom(params: GovParams, amount: readonly Coin[]): void {
  const denoms = params.minDeposit.map((c) => c.denom)
  for (const coin of amount) {
    if (!denoms.includes(coin.denom)) {
      throw ErrInvalidDepositDenom.wrap(
        `deposited ${coinsToString(amount)}, but gov accepts only the following denom(s): [${denoms.join(' ')}]`,
      )
    }
  }
}

/** Upstream min-deposit-ratio check: a deposit must bring that share of min_deposit in some denom. */
function validateMinDepositRatio(params: GovParams, minDeposit: Coin[], amount: Coin[]): void {
  if (params.minDepositRatio === 0n) return
  const thresholds: string[] = []
  for (const min of minDeposit) {
    const threshold = decTruncate(decMul(decFromInt(min.amount), params.minDepositRatio))
    thresholds.push(`${threshold}${min.denom}`)
    const have = amount.find((c) => c.denom === min.denom)
    if (have && have.amount >= threshold) return
  }
  throw ErrMinDepositTooSmall.wrap(
    `received ${coinsToString(amount)} but need at least one of the following: ${thresholds.join(',')}`,
  )
}

/** Every deposit of a proposal, in depositor order. */
export async function getDeposits(
  keeper: DepositKeeper,
  state: Readable,
  id: bigint,
): Promise<Deposit[]> {
  const out: Deposit[] = []
  for await (const [[, depositor], d] of keeper.c.deposits.iterate(state.store(MODULE_NAME), {
    prefix: uint64BE(id),
  })) {
    out.push({ depositor, amount: coinsFromProto(d.amount) })
  }
  return out
}

/**
 * Upstream AddDeposit: checks the proposal, the denoms and the min-deposit ratio, moves the coins
 * into the gov account, and activates the voting period once the total reaches the minimum.
 * Returns whether it did.
 */
export async function addDeposit(
  keeper: DepositKeeper,
  ctx: DepositCtx,
  id: bigint,
  depositor: Bytes,
  amount: Coin[],
): Promise<boolean> {
  const proposal = await keeper.getProposal(ctx.state, id)
  if (!proposal) throw proposalNotFound(keeper.registry, id)
  if (
    proposal.status !== ProposalStatus.DEPOSIT_PERIOD &&
    proposal.status !== ProposalStatus.VOTING_PERIOD
  ) {
    throw ErrInactiveProposal.wrap(String(id))
  }
  const params = await keeper.params(ctx.state)
  const minDeposit = minDepositOf(proposal, params)
  validateDepositDenom(params, amount)
  validateMinDepositRatio(params, minDeposit, amount)
  // An empty deposit (allowed when the ratio is 0) moves nothing and emits no bank events.
  if (normalizeCoins(amount).length > 0) {
    await keeper.bank.sendCoinsFromAccountToModule(ctx, depositor, MODULE_NAME, amount)
  }
  proposal.totalDeposit = addCoins(proposal.totalDeposit, amount)
  keeper.setProposal(ctx.state, proposal)
  let activated = false
  if (
    proposal.status === ProposalStatus.DEPOSIT_PERIOD &&
    isAllGTE(proposal.totalDeposit, minDeposit)
  ) {
    await keeper.activateVotingPeriod(ctx, proposal)
    activated = true
  }
  const store = ctx.state.store(MODULE_NAME)
  const existing = await keeper.c.deposits.get(store, [id, depositor])
  const total = existing ? addCoins(coinsFromProto(existing.amount), amount) : amount
  ctx.events.emit('proposal_deposit', [
    ['depositor', addressToBech32(depositor)],
    ['amount', coinsToString(amount)],
    ['proposal_id', id.toString()],
  ])
  keeper.c.deposits.set(store, [id, depositor], {
    proposal_id: id.toString(),
    depositor: addressToBech32(depositor),
    amount: coinsToProto(total),
  })
  return activated
}

/** Upstream RefundAndDeleteDeposits: every depositor gets their deposit back. */
export async function refundAndDeleteDeposits(
  keeper: DepositKeeper,
  ctx: DepositCtx,
  id: bigint,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  for (const d of await getDeposits(keeper, ctx.state, id)) {
    if (d.amount.length > 0) {
      await keeper.bank.sendCoinsFromModuleToAccount(ctx, MODULE_NAME, d.depositor, d.amount)
    }
    keeper.c.deposits.remove(store, [id, d.depositor])
  }
}

/** Upstream DeleteAndBurnDeposits: the deposits are burned from the gov account. */
export async function deleteAndBurnDeposits(
  keeper: DepositKeeper,
  ctx: DepositCtx,
  id: bigint,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  let burn: Coin[] = []
  for (const d of await getDeposits(keeper, ctx.state, id)) {
    burn = addCoins(burn, d.amount)
    keeper.c.deposits.remove(store, [id, d.depositor])
  }
  if (burn.length > 0) await keeper.bank.burnCoins(ctx, MODULE_NAME, burn)
}

/**
 * Upstream ChargeDeposit (proposal cancellation): `rate` of each deposit is burned (no `dest`),
 * funds the community pool (`dest` is the distribution module account, compared as text, as
 * upstream does), or is sent to `dest`; the rest goes back to the depositor.
 */
export async function chargeDeposit(
  keeper: DepositKeeper,
  ctx: BlockContext,
  id: bigint,
  dest: string,
  rate: Dec,
): Promise<void> {
  const store = ctx.state.store(MODULE_NAME)
  let charges: Coin[] = []
  for (const d of await getDeposits(keeper, ctx.state, id)) {
    const remaining: Coin[] = []
    for (const coin of d.amount) {
      const charge = decTruncate(decMulInt(rate, coin.amount))
      remaining.push({ denom: coin.denom, amount: coin.amount - charge })
      charges = addCoins(charges, [{ denom: coin.denom, amount: charge }])
    }
    const back = normalizeCoins(remaining)
    if (back.length > 0) {
      await keeper.bank.sendCoinsFromModuleToAccount(ctx, MODULE_NAME, d.depositor, back)
    }
    keeper.c.deposits.remove(store, [id, d.depositor])
  }
  if (charges.length === 0) return
  if (dest === '') await keeper.bank.burnCoins(ctx, MODULE_NAME, charges)
  else if (dest === addressToBech32(moduleAddress(DISTRIBUTION)))
    await keeper.distribution.fundCommunityPool(ctx, charges, moduleAddress(MODULE_NAME))
  else
    await keeper.bank.sendCoinsFromModuleToAccount(ctx, MODULE_NAME, bech32ToAddress(dest), charges)
}

/** The distribution module's name, whose account is the community pool's. */
const DISTRIBUTION = 'distribution'
