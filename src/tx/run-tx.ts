import type { BlockContext, RoutedMsgHandler } from '../app/types.js'
import { type Event, EventManager } from '../block/events.js'
import type { Bytes } from '../codec/bytes.js'
import type { AnyMessage, ProtoRegistry } from '../codec/proto.js'
import { ErrInvalidRequest, ErrOutOfGas, ErrUnknownRequest, GrpcCode, SdkError } from '../errors.js'
import type { Logger } from '../logger.js'
import type { TxResult } from '../store/block-store.js'
import { thenNow } from '../store/value-now.js'
import { runAnte } from './ante.js'
import type { AnteOptions, TxMode } from './ante-types.js'
import { type DecodedTx, msgGoType } from './decode.js'
import { abciError, UndefinedCodeError } from './errors.js'
import { GasMeter, meteredBranch, OutOfGasError } from './gas.js'
import { runMsgs } from './run-msgs.js'

// One tx run (upstream baseapp runTx): its checks, the ante handler on a branch, then (but in
// CheckTx) its messages on another; a failure becomes the outcome's code, log and gas used.

/** What running a tx needs of its runner. */
export interface RunTxEnv {
  readonly ante: AnteOptions
  readonly handlers: ReadonlyMap<string, RoutedMsgHandler>
  readonly registry: ProtoRegistry
  readonly logger: Logger
  /** The tx of `bytes` decoded (the runner remembers what CheckTx decoded). */
  decode(bytes: Bytes): DecodedTx
}

/** A tx's outcome as `run` reports it: with a failure's gRPC code and error. */
export type RunOutcome = TxOutcome & { grpcCode?: GrpcCode; error?: unknown }

/** What a failure of a tx's run reports: its meter, the gas it asked for, the ante's events. */
interface TxRun {
  meter: GasMeter | undefined
  gasWanted: bigint
  anteEvents: Event[]
  tx: DecodedTx | undefined
}

/** The outcome of running a tx (ABCI ExecTxResult / ResponseCheckTx). */
export interface TxOutcome extends TxResult {
  /** The decoded tx, when it decoded. */
  tx?: DecodedTx
  msgResponses: AnyMessage[]
}

/**
 * Runs a tx in `mode`: its outcome, at once when every step answered at once (memory held what
 * it read: nearly every tx), else a promise. A failure is the outcome's code, never a throw.
 */
export function runTx(
  env: RunTxEnv,
  mode: TxMode,
  ctx: BlockContext,
  bytes: Bytes,
  decoded?: DecodedTx,
): RunOutcome | Promise<RunOutcome> {
  const run: TxRun = { meter: undefined, gasWanted: 0n, anteEvents: [], tx: decoded }
  let out: RunOutcome | Promise<RunOutcome>
  try {
    out = steps(env, mode, ctx, bytes, run)
  } catch (thrown) {
    return failed(env, mode, run, thrown)
  }
  if (out instanceof Promise) return out.catch((thrown: unknown) => failed(env, mode, run, thrown))
  return out
}

/** The ante handler, then (but in CheckTx) the messages; `run` records what a failure reports. */
function steps(
  env: RunTxEnv,
  mode: TxMode,
  ctx: BlockContext,
  bytes: Bytes,
  run: TxRun,
): RunOutcome | Promise<RunOutcome> {
  const { handlers } = env
  run.tx ??= env.decode(bytes)
  const tx = run.tx
  if (tx.msgs.length === 0) throw ErrInvalidRequest.wrap('must contain at least one message')
  for (const msg of tx.msgs) {
    if (!handlers.has(msg.typeUrl)) {
      throw ErrUnknownRequest.wrap(`no message handler found for ${msgGoType(msg)}`)
    }
  }
  const infinite = mode === 'simulate' || ctx.height === 0
  const meter = new GasMeter(infinite ? undefined : (tx.fee?.gasLimit ?? 0n))
  run.meter = meter
  run.gasWanted = meter.limit
  const anteState = meteredBranch(ctx.state.branch(), meter)
  const checking = mode === 'check' || mode === 'recheck'
  // A CheckTx / ReCheckTx answer carries no events: they are not even kept.
  const em = new EventManager(checking)
  const ante = runAnte(
    env.ante,
    { state: anteState, events: em, height: ctx.height, time: ctx.time, mode, meter },
    tx,
  )
  return thenNow(ante, () => {
    anteState.write()
    run.anteEvents = em.events()
    if (checking) {
      return outcome(tx, 0, meter, run.gasWanted, {
        data: EMPTY,
        events: [],
        msgResponses: [],
      })
    }
    return messages(env, mode, ctx, tx, meter, run)
  })
}

/** A tx's messages on their own branch, written where the block keeps them. */
function messages(
  env: RunTxEnv,
  mode: TxMode,
  ctx: BlockContext,
  tx: DecodedTx,
  meter: GasMeter,
  run: TxRun,
): RunOutcome | Promise<RunOutcome> {
  const msgState = meteredBranch(ctx.state.branch(), meter)
  const ran = runMsgs(
    env.handlers,
    env.registry,
    {
      ...ctx,
      state: msgState,
      gasMeter: meter,
      events: new EventManager(),
      mode: mode === 'simulate' ? 'simulate' : 'deliver',
    },
    tx.msgs,
  )
  return thenNow(ran, (result) => {
    if (mode === 'deliver') msgState.write()
    const anteEvents = run.anteEvents
    return outcome(tx, 0, meter, run.gasWanted, {
      data: result.data,
      events: anteEvents.length === 0 ? result.events : anteEvents.concat(result.events),
      msgResponses: result.msgResponses,
    })
  })
}

/** The outcome of a tx that failed with `thrown`: its ABCI code, log and the gas it used. */
function failed(env: RunTxEnv, mode: TxMode, run: TxRun, thrown: unknown): RunOutcome {
  const { meter, gasWanted, tx } = run
  let err = thrown
  if (err instanceof OutOfGasError) {
    err = ErrOutOfGas.wrap(
      `out of gas in location: ${err.descriptor}; gasWanted: ${gasWanted}, gasUsed: ${meter?.consumed ?? 0n}`,
    )
  } else if (!(err instanceof SdkError) && !(err instanceof UndefinedCodeError)) {
    env.logger.error({ err, mode }, 'unexpected error while running a tx')
  }
  const abci = abciError(err)
  return {
    ...(tx ? { tx } : {}),
    code: abci.code,
    codespace: abci.codespace,
    log: abci.log,
    info: '',
    data: EMPTY,
    gasWanted,
    gasUsed: meter?.consumed ?? 0n,
    events: run.anteEvents,
    msgResponses: [],
    grpcCode: err instanceof SdkError ? err.grpcCode : GrpcCode.Unknown,
    error: err,
  }
}

function outcome(
  tx: DecodedTx,
  code: number,
  meter: GasMeter,
  gasWanted: bigint,
  r: { data: Bytes; events: Event[]; msgResponses: AnyMessage[] },
): TxOutcome {
  return {
    tx,
    code,
    codespace: '',
    log: '',
    info: '',
    data: r.data.length === 0 && r.msgResponses.length === 0 ? EMPTY : r.data,
    gasWanted,
    gasUsed: meter.consumed,
    events: r.events,
    msgResponses: r.msgResponses,
  }
}

const EMPTY = new Uint8Array(0)
