import type { Coin } from '../../codec/coins.js'
import type { JsonValue } from '../../codec/json.js'
import type { TimeNs } from '../../codec/time.js'
import type { ImpersonationState } from '../../tx/impersonation.js'

/**
 * What the node does for the dev API (src/node/dev-control.ts), as its routes (dev-routes.ts) call
 * it, and what it answers.
 */

/** A proposal as `dev_endVotingPeriod` left it. */
export interface EndedVoting {
  proposalId: string
  status: string
  finalTallyResult: JsonValue
  /** The block that ended the voting period. */
  height: number
}

/** How blocks come: every interval, one per admitted tx, or only when mined. */
export type MiningModeName = 'interval' | 'instant' | 'manual'

/** The variable `sdkd run` passes each app process it runs: a SupervisorState as JSON. */
export const SUPERVISOR_ENV = 'SDKD_SUPERVISOR'

/** What `sdkd run` tells the app process it runs (dev_status's `supervisor`), as JSON names it. */
export interface SupervisorState {
  /** The supervisor's process id. */
  pid: number
  /** Which of its launches this process is: 1 for the first, one more after each upgrade. */
  launch: number
  /** The upgrades it switched the app for, oldest first. */
  upgrades: SupervisedUpgrade[]
}

/** An upgrade `sdkd run` did: the plan, and the app version (or plugins) it relaunched with. */
export interface SupervisedUpgrade {
  plan: string
  height: number
  from_app_version: string
  app_version: string
  /** The upgrade plugins loaded from then on, when any. */
  plugins?: string[]
  /** The copy of `data/` taken before the switch, unless backups are off. */
  backup?: string
}

/** The dev API's view of the chain (dev_status). */
export interface DevStatus {
  /** Changes when the chain is reset, and with every start of the node. */
  instanceId: string
  height: number
  lastBlockTime: TimeNs
  mining: { mode: MiningModeName; intervalMs: number }
  clock: DevClock
  snapshots: { id: string; height: number }[]
  /** Whether each validator whose key the node holds signs, by consensus address (upper-case hex). */
  signing: Record<string, boolean>
  /** The accounts whose txs are taken unsigned (`dev_impersonate`), and whether all are. */
  impersonating: ImpersonationState
  /** Set when the node runs under `sdkd run`. */
  supervisor?: SupervisorState
  /** The next height, while the validators signing cannot commit it (no block is made). */
  stalled?: { height: number; reason: string }
}

/** The block clock after a time change. */
export interface DevClock {
  /** The time the next block takes if it were made now. */
  nextBlockTime: TimeNs
  /** How far the block clock runs ahead of the wall clock. */
  offsetSeconds: number
}

/** What the node does for the dev API (src/node/dev-control.ts). */
export interface DevApi {
  status(): Promise<DevStatus>
  /**
   * Mines `blocks` now (each `intervalMs` after the previous one when > 0), stopping at `toHeight`
   * if given (blocks of the mining loop meanwhile count); the new height.
   */
  mine(blocks: number, intervalMs: number, toHeight?: number): Promise<number>
  setMining(mode: MiningModeName, intervalMs?: number): Promise<DevStatus['mining']>
  increaseTime(seconds: number): Promise<DevClock>
  setNextBlockTime(time: TimeNs): Promise<DevClock>
  snapshot(): Promise<{ id: string; height: number }>
  /** Goes back to snapshot `id`; it stays usable when `keep` (later snapshots are used up). */
  revert(id: string, keep?: boolean): Promise<number>
  /**
   * Goes back to the genesis state: snapshots used up, mempool emptied, clock on the wall clock,
   * every held validator signing, nothing impersonated; the height and the new instance id.
   */
  reset(): Promise<{ height: number; instanceId: string }>
  /** Takes `address`'s txs without its signatures from now on; the accounts impersonated. */
  impersonate(address: string): Promise<ImpersonationState>
  /** Asks `address`'s signatures again; the accounts impersonated, and whether it was. */
  stopImpersonating(address: string): Promise<ImpersonationState & { was: boolean }>
  /** Takes every account's txs without signatures (or not); the accounts impersonated. */
  autoImpersonate(on: boolean): Promise<ImpersonationState>
  /** Sets balances out of band, in a block it mines; that block's height. */
  setBalance(address: string, coins: Coin[]): Promise<number>
  /** A bank send from the faucet (or `from`) in a block it mines; that block's height. */
  fund(address: string, coins: Coin[], from?: string): Promise<number>
  /**
   * Makes a validator (operator address, consensus address or set index) sign the next commits or
   * not (CometMock's set_signing_status); the validator's consensus address (hex) and power.
   */
  setSigningStatus(
    validator: string | undefined,
    signing: boolean,
  ): Promise<{ address: string; power: bigint; signing: boolean }>
  /**
   * Makes a validator double-sign at `height` (default: the latest): the next block carries the
   * DuplicateVoteEvidence; the validator's consensus address (hex) and the height.
   */
  doubleSign(
    validator: string | undefined,
    height: number | undefined,
  ): Promise<{ address: string; height: number }>
  /**
   * Makes a validator attack a light client with a block conflicting with the latest (`kind`:
   * Equivocation, Lunatic or Amnesia): the next block carries the LightClientAttackEvidence; the
   * validator's consensus address (hex) and the attack's common height.
   */
  lightClientAttack(
    validator: string | undefined,
    kind: string | undefined,
  ): Promise<{ address: string; commonHeight: number }>
  /**
   * Ends a proposal's voting period now: the next block takes its end time and is mined (twice for
   * an expedited proposal turned regular); its status and final tally, and that block's height.
   */
  endVotingPeriod(proposalId: string): Promise<EndedVoting>
  /**
   * CometMock's set_signing_status: the validator whose key has consensus address `keyAddress`
   * (hex) signs or not; then whether each validator whose key the node holds signs.
   */
  setSigningStatusOfKey(keyAddress: string, signing: boolean): Promise<Record<string, boolean>>
  /**
   * CometMock's cause_double_sign: the validator with consensus address `keyAddress` (hex), in the
   * validator set, double-signs the latest height, and a block carrying the evidence is mined now.
   */
  causeDoubleSign(keyAddress: string): Promise<void>
  /**
   * CometMock's cause_light_client_attack: the validator with consensus address `keyAddress`
   * (hex), in the validator set, attacks a light client with a block conflicting with the latest
   * (`kind`: Equivocation, Lunatic or Amnesia), and a block carrying the evidence is mined now.
   */
  causeLightClientAttack(keyAddress: string, kind: string): Promise<void>
}
