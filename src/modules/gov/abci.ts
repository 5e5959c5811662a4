import type { BlockContext } from '../../app/types.js'
import { type Event, EventManager } from '../../block/events.js'
import { coinsToString } from '../../codec/coins.js'
import { ChainError } from '../../errors.js'
import { thenNow } from '../../store/value-now.js'
import { deleteAndBurnDeposits, minDepositOf, refundAndDeleteDeposits } from './deposits.js'
import type { DueEntry, GovKeeper } from './keeper.js'
import { MODULE_NAME } from './keys.js'
import { PROPOSAL_STATUS_NAMES, type Proposal, ProposalStatus } from './proposal.js'

/**
 * The proposal of a due queue entry. An entry in the layout before upstream's time key (a home made
 * then) is removed here, and counts only if the proposal still waits for that time in that queue:
 * nothing removed it when the proposal moved on, as it was keyed differently.
 */
async function dueProposal(
  ctx: BlockContext,
  keeper: GovKeeper,
  due: DueEntry,
  queue: 'active' | 'inactive',
): Promise<Proposal | undefined> {
  const p = await keeper.getProposal(ctx.state, due.id)
  if (!due.legacy) return p
  const store = ctx.state.store(MODULE_NAME)
  if (queue === 'active') {
    keeper.c.legacyActiveQueue.remove(store, [due.time, due.id])
    const waiting = p?.status === ProposalStatus.VOTING_PERIOD && p.votingEndTime === due.time
    return waiting ? p : undefined
  }
  keeper.c.legacyInactiveQueue.remove(store, [due.time, due.id])
  const waiting = p?.status === ProposalStatus.DEPOSIT_PERIOD && p.depositEndTime === due.time
  return waiting ? p : undefined
}

/** Upstream safeExecuteHandler's text for a recovered panic. */
function panicked(typeUrl: string, what: string): string {
  return `handling x/gov proposal msg [${typeUrl}] PANICKED: ${what}`
}

/**
 * Runs a passed proposal's messages in order on a nested branch, with the gov module account as
 * their signer. The branch is written (and the messages' events kept) only if every one succeeds;
 * otherwise the first failure is returned with its index and nothing of the messages is kept.
 */
async function executeProposal(
  ctx: BlockContext,
  keeper: GovKeeper,
  p: Proposal,
): Promise<{ ok: true } | { ok: false; index: number; typeUrl: string; reason: string }> {
  const branch = ctx.state.branch()
  const events: Event[] = []
  for (const [index, any] of p.messages.entries()) {
    const handler = keeper.router.handler(any.type_url)
    // Upstream calls the nil handler and recovers the panic; submission checks the route, so only a
    // handler gone since then (another binary) gets here.
    if (!handler) {
      const reason = panicked(any.type_url, `no message handler for ${any.type_url}`)
      return { ok: false, index, typeUrl: any.type_url, reason }
    }
    try {
      // Decoded by its type URL and handed to the router's handler: its type is known only at runtime.
      const { value } = keeper.unpack(any)
      const msgEvents = new EventManager()
      await handler(value, { ...ctx, state: branch, events: msgEvents })
      events.push(...msgEvents.events())
    } catch (err) {
      // A coded error is an ordinary failure; anything else is what upstream reports as a panic.
      const reason =
        err instanceof ChainError
          ? err.message
          : panicked(any.type_url, (err as Error)?.message ?? String(err))
      return { ok: false, index, typeUrl: any.type_url, reason }
    }
  }
  branch.write()
  ctx.events.emitEvents(events)
  return { ok: true }
}

/**
 * x/gov EndBlocker (upstream x/gov/abci.go): proposals whose deposit period ended without the
 * minimum deposit are deleted and their deposits refunded (or burned); proposals whose voting period
 * ended are tallied and then pass (their messages run), fail, are rejected, or — expedited ones —
 * turn into regular proposals.
 */
export function govEndBlocker(ctx: BlockContext, keeper: GovKeeper): void | Promise<void> {
  // At once when both queues hold nothing due, as in most blocks.
  return thenNow(keeper.dueProposals(ctx.state, 'inactive', ctx.time), (inactive) =>
    thenNow(inactive.length === 0 ? undefined : endInactive(ctx, keeper, inactive), () =>
      thenNow(keeper.dueProposals(ctx.state, 'active', ctx.time), (active) =>
        active.length === 0 ? undefined : endActive(ctx, keeper, active),
      ),
    ),
  )
}

/** Made when something is logged: most blocks end no proposal. */
function govLog(ctx: BlockContext) {
  return ctx.logger.child({ module: 'x/gov' })
}

/** Proposals whose deposit period ended: deleted, their deposits refunded or burned. */
async function endInactive(
  ctx: BlockContext,
  keeper: GovKeeper,
  inactive: readonly DueEntry[],
): Promise<void> {
  const log = () => govLog(ctx)
  for (const due of inactive) {
    const { id } = due
    const p = await dueProposal(ctx, keeper, due, 'inactive')
    if (!p) continue
    keeper.deleteProposal(ctx.state, p)
    const params = await keeper.params(ctx.state)
    if (params.burnProposalDepositPrevote) await deleteAndBurnDeposits(keeper, ctx, id)
    else await refundAndDeleteDeposits(keeper, ctx, id)
    ctx.events.emit('inactive_proposal', [
      ['proposal_id', id.toString()],
      ['proposal_result', 'proposal_dropped'],
    ])
    log().info(
      {
        proposal: id.toString(),
        expedited: p.expedited,
        title: p.title,
        min_deposit: coinsToString(minDepositOf(p, params)),
        total_deposit: coinsToString(p.totalDeposit),
      },
      'proposal did not meet minimum deposit; deleted',
    )
  }
}

/** Proposals whose voting period ended: tallied, then passed, failed, rejected or converted. */
async function endActive(
  ctx: BlockContext,
  keeper: GovKeeper,
  active: readonly DueEntry[],
): Promise<void> {
  const log = () => govLog(ctx)
  for (const due of active) {
    const { id } = due
    const p = await dueProposal(ctx, keeper, due, 'active')
    if (!p || p.votingEndTime === undefined) continue
    const outcome = await keeper.tally(ctx.state, p)
    await keeper.deleteVotes(ctx.state, id)
    // A failed expedited proposal keeps its deposits: it becomes a regular proposal.
    if (!(p.expedited && !outcome.passes)) {
      if (outcome.burnDeposits) await deleteAndBurnDeposits(keeper, ctx, id)
      else await refundAndDeleteDeposits(keeper, ctx, id)
    }
    keeper.c.activeQueue.remove(ctx.state.store(MODULE_NAME), [p.votingEndTime, id])
    let result: string
    let logMsg: string
    if (outcome.passes) {
      const run = await executeProposal(ctx, keeper, p)
      if (run.ok) {
        p.status = ProposalStatus.PASSED
        result = 'proposal_passed'
        logMsg = 'passed'
      } else {
        p.status = ProposalStatus.FAILED
        p.failedReason = run.reason
        result = 'proposal_failed'
        logMsg = `passed, but msg ${run.index} (${run.typeUrl}) failed on execution: ${run.reason}`
      }
    } else if (p.expedited) {
      const params = await keeper.params(ctx.state)
      p.expedited = false
      p.votingEndTime = (p.votingStartTime ?? ctx.time) + params.votingPeriod
      keeper.c.activeQueue.set(ctx.state.store(MODULE_NAME), [p.votingEndTime, id], id)
      result = 'expedited_proposal_rejected'
      logMsg = 'expedited proposal converted to regular'
    } else {
      p.status = ProposalStatus.REJECTED
      p.failedReason = 'proposal did not get enough votes to pass'
      result = 'proposal_rejected'
      logMsg = 'rejected'
    }
    p.finalTally = outcome.counts
    keeper.setProposal(ctx.state, p)
    // A proposal that passed but could not execute is what an operator must notice: warn.
    const level = p.status === ProposalStatus.FAILED ? 'warn' : 'info'
    log()[level](
      {
        proposal: id.toString(),
        status: PROPOSAL_STATUS_NAMES[p.status],
        expedited: p.expedited,
        title: p.title,
        results: logMsg,
        ...(p.status === ProposalStatus.FAILED ? { reason: p.failedReason } : {}),
      },
      'proposal tallied',
    )
    ctx.events.emit('active_proposal', [
      ['proposal_id', id.toString()],
      ['proposal_result', result],
      ['proposal_log', logMsg],
    ])
  }
}
