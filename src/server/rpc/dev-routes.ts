import { isIP } from 'node:net'
import { type Coin, parseCoins } from '../../codec/coins.js'
import { formatRfc3339Nano, parseRfc3339, type TimeNs } from '../../codec/time.js'
import { ChainError, GrpcCode } from '../../errors.js'
import type { Logger } from '../../logger.js'
import type { RpcArgs } from './args.js'
import type { DevApi, DevClock, DevStatus } from './dev-api.js'
import { RpcError } from './errors.js'
import type { RpcCall, RpcRoute, RpcRoutes } from './server.js'

export interface DevRoutesOptions {
  /** Undefined when the dev API is off (`dev.enable`). */
  api: DevApi | undefined
  /** Serve non-loopback clients too (`dev.allow-remote`). */
  allowRemote: boolean
  logger: Logger
  /** Told of every call the dev API serves (the node's metrics). */
  onCall?: (method: string) => void
}

/** Whether an IP address is this machine's loopback (127.0.0.0/8, ::1, and their v4-mapped form). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false
  const a = address.startsWith('::ffff:') ? address.slice(7) : address
  if (isIP(a) === 4) return a.startsWith('127.')
  return a === '::1'
}

const invalid = (message: string) => new RpcError(-32602, 'Invalid params', message)

/** The most blocks one call mines (`dev_mine`, `dev_mineTo`, `advance_blocks`). */
export const MAX_DEV_BLOCKS = 10_000_000

/** The longest interval between blocks the dev API takes (`interval`, `interval_ms`): one day. */
export const MAX_DEV_INTERVAL_MS = 86_400_000

/** The most seconds one time jump takes: about the span of RFC 3339 times (years 1 to 9999). */
export const MAX_DEV_SECONDS = 315_537_897_600

function clockJson(c: DevClock) {
  return {
    next_block_time: formatRfc3339Nano(c.nextBlockTime),
    offset_seconds: String(c.offsetSeconds),
  }
}

function statusJson(s: DevStatus) {
  return {
    instance_id: s.instanceId,
    height: String(s.height),
    last_block_time: formatRfc3339Nano(s.lastBlockTime),
    mining: { mode: s.mining.mode, interval_ms: String(s.mining.intervalMs) },
    clock: clockJson(s.clock),
    snapshots: s.snapshots.map((x) => ({ id: x.id, height: String(x.height) })),
    signing: s.signing,
    impersonating: s.impersonating,
    ...(s.supervisor ? { supervisor: s.supervisor } : {}),
    ...(s.stalled
      ? { stalled: { height: String(s.stalled.height), reason: s.stalled.reason } }
      : {}),
  }
}

/**
 * A whole number argument within [min, max] (`blocks`, `height`, `interval_ms`); a value given as
 * an empty string is no value (a mistake, not the default).
 */
function count(
  args: RpcArgs,
  name: string,
  range: { min: number; max: number; fallback?: number },
): number {
  const outOfRange = (got: unknown) =>
    invalid(
      `${name} must be a whole number from ${range.min} to ${range.max.toLocaleString('en-US')}, got ${got}`,
    )
  if (args.raw(name) === '') throw outOfRange('""')
  const n = args.number(name) ?? range.fallback
  if (n === undefined) throw invalid(`${name} is required`)
  if (!Number.isSafeInteger(n) || n < range.min || n > range.max) throw outOfRange(n)
  return n
}

const BLOCKS = { min: 1, max: MAX_DEV_BLOCKS }
const INTERVAL_MS = { min: 0, max: MAX_DEV_INTERVAL_MS, fallback: 0 }

/** Seconds to move the block clock: a number from 0 to MAX_DEV_SECONDS. */
function secondsArg(args: RpcArgs, name: string): number {
  const outOfRange = (got: unknown) =>
    invalid(
      `${name} must be a number of seconds from 0 to ${MAX_DEV_SECONDS} (block times only go forward), got ${got}`,
    )
  // As for counts: an empty string is a mistake, named as given; no value at all is said as such.
  if (args.raw(name) === '') throw outOfRange('""')
  const seconds = args.number(name)
  if (seconds === undefined) throw invalid(`${name} is required`)
  if (seconds < 0 || seconds > MAX_DEV_SECONDS) throw outOfRange(seconds)
  return seconds
}

function coinsArg(args: RpcArgs, name: string): Coin[] {
  const text = args.text(name)
  if (text === undefined) throw invalid(`${name} is required (e.g. "1000stake,5token")`)
  try {
    return parseCoins(text)
  } catch (err) {
    throw invalid(`${name}: ${(err as Error).message}`)
  }
}

/** Milliseconds of an `interval` given as a number of ms or a Go-style duration (`500ms`, `2s`). */
function intervalArg(args: RpcArgs, name: string): number | undefined {
  // An empty string is a mistake (as for counts), not the current interval kept.
  if (args.raw(name) === '')
    throw invalid(`${name}: expected milliseconds or a duration like 500ms, got ""`)
  if (!args.has(name)) return undefined
  const text = args.text(name) ?? ''
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim())
  if (!m) throw invalid(`${name}: expected milliseconds or a duration like 500ms, got ${text}`)
  const scale = m[2] === 's' ? 1000 : m[2] === 'm' ? 60_000 : 1
  const ms = Math.round(Number(m[1]) * scale)
  if (ms > MAX_DEV_INTERVAL_MS)
    throw invalid(`${name} must be at most ${MAX_DEV_INTERVAL_MS} ms (one day), got ${text}`)
  return ms
}

/** An account's bech32 address (`address`), required. */
function addressRequired(args: RpcArgs): string {
  const address = args.text('address')
  if (address === undefined) throw invalid('address is required')
  return address
}

/** CometMock's `private_key_address`: the `address` of a validator's priv_validator_key.json. */
function keyAddressArg(args: RpcArgs): string {
  const text = args.text('private_key_address')
  if (text === undefined)
    throw invalid(
      "private_key_address is required: the address (hex) in a validator's priv_validator_key.json",
    )
  return text
}

/**
 * An error of the node's as a JSON-RPC error: a registered error of the caller's input (gRPC's
 * InvalidArgument: a bad address, a time out of range) is -32602 with its message; anything else
 * -32603.
 */
function devError(err: unknown): RpcError {
  if (err instanceof RpcError) return err
  if (err instanceof ChainError && err.grpcCode === GrpcCode.InvalidArgument)
    return invalid(err.message)
  return new RpcError(-32603, 'Internal error', (err as Error).message)
}

/**
 * The dev API on the RPC port: `dev_*` JSON-RPC methods (also as URI GET), plus CometMock's
 * `advance_blocks`, `advance_time`, `set_signing_status`, `cause_double_sign` and
 * `cause_light_client_attack`. Refused unless enabled, and from non-loopback clients unless
 * allowed; every call is logged at warn (a devnet privilege should leave a trace).
 */
export function devRoutes(o: DevRoutesOptions): RpcRoutes {
  const log = o.logger.child({ module: 'dev-api' })
  const guard = (
    method: string,
    names: readonly string[],
    run: (api: DevApi, args: RpcArgs) => Promise<unknown>,
  ): RpcRoute => ({
    args: names,
    // sdkd's own methods: `{"method":"dev_mine"}` mines one block with the defaults.
    paramsOptional: true,
    async handler(args: RpcArgs, call: RpcCall) {
      if (!o.api)
        throw new RpcError(
          -32601,
          'Method not found',
          'dev API is disabled; start with --dev.enable',
        )
      if (!o.allowRemote && !isLoopback(call.remoteAddress)) {
        throw new RpcError(
          -32603,
          'Internal error',
          `dev API is served to loopback clients only (this call came from ${call.remoteAddress ?? 'an unknown address'}); start with --dev.allow-remote`,
        )
      }
      const params = Object.fromEntries(
        names.filter((n) => args.has(n)).map((n) => [n, args.raw(n)]),
      )
      log.warn({ method, params, remote: call.remoteAddress }, 'dev API call')
      o.onCall?.(method)
      try {
        return await run(o.api, args)
      } catch (err) {
        throw devError(err)
      }
    },
  })
  const mine = async (api: DevApi, blocks: number, intervalMs: number, toHeight?: number) => ({
    height: String(await api.mine(blocks, intervalMs, toHeight)),
  })
  return {
    dev_status: guard('dev_status', [], async (api) => statusJson(await api.status())),
    dev_mine: guard('dev_mine', ['blocks', 'interval_ms'], (api, a) =>
      mine(
        api,
        count(a, 'blocks', { ...BLOCKS, fallback: 1 }),
        count(a, 'interval_ms', INTERVAL_MS),
      ),
    ),
    dev_mineTo: guard('dev_mineTo', ['height', 'interval_ms'], async (api, a) => {
      const target = count(a, 'height', { min: 0, max: Number.MAX_SAFE_INTEGER })
      const { height } = await api.status()
      if (target < height)
        throw invalid(
          `height ${target} is below the current height ${height} (dev_revert goes back)`,
        )
      if (target - height > MAX_DEV_BLOCKS)
        throw invalid(
          `height ${target} is ${target - height} blocks ahead; one call mines at most ${MAX_DEV_BLOCKS.toLocaleString('en-US')}`,
        )
      return mine(api, target - height, count(a, 'interval_ms', INTERVAL_MS), target)
    }),
    dev_setMining: guard('dev_setMining', ['mode', 'interval'], async (api, a) => {
      const mode = a.text('mode')
      // Not given (absent, null or ''): said as such, not as the JavaScript word for it.
      if (mode === undefined) throw invalid('mode is required: interval, instant or manual')
      if (mode !== 'interval' && mode !== 'instant' && mode !== 'manual')
        throw invalid(`mode must be interval, instant or manual, got ${JSON.stringify(mode)}`)
      const m = await api.setMining(mode, intervalArg(a, 'interval'))
      return { mode: m.mode, interval_ms: String(m.intervalMs) }
    }),
    dev_increaseTime: guard('dev_increaseTime', ['seconds'], async (api, a) => {
      return clockJson(await api.increaseTime(secondsArg(a, 'seconds')))
    }),
    dev_setNextBlockTime: guard('dev_setNextBlockTime', ['time'], async (api, a) => {
      const text = a.text('time')
      if (text === undefined)
        throw invalid('time is required (RFC 3339, e.g. 2027-01-01T00:00:00Z)')
      let time: TimeNs
      try {
        time = parseRfc3339(text)
      } catch (err) {
        throw invalid((err as Error).message)
      }
      return clockJson(await api.setNextBlockTime(time))
    }),
    dev_snapshot: guard('dev_snapshot', [], async (api) => {
      const s = await api.snapshot()
      return { id: s.id, height: String(s.height) }
    }),
    dev_revert: guard('dev_revert', ['id', 'keep'], async (api, a) => {
      const id = a.text('id')
      if (id === undefined) throw invalid('id is required (what dev_snapshot returned)')
      if (a.raw('keep') === '') throw invalid('keep: expected true or false, got ""')
      const keep = a.has('keep') ? a.bool('keep') : false
      if (keep === undefined) throw invalid(`keep: expected true or false, got ${a.text('keep')}`)
      return { height: String(await api.revert(id, keep)) }
    }),
    dev_reset: guard('dev_reset', [], async (api) => {
      const r = await api.reset()
      return { height: String(r.height), instance_id: r.instanceId }
    }),
    dev_setBalance: guard('dev_setBalance', ['address', 'coins'], async (api, a) => {
      const address = addressRequired(a)
      return { height: String(await api.setBalance(address, coinsArg(a, 'coins'))) }
    }),
    dev_fund: guard('dev_fund', ['address', 'coins', 'from'], async (api, a) => {
      const address = addressRequired(a)
      return { height: String(await api.fund(address, coinsArg(a, 'coins'), a.text('from'))) }
    }),
    dev_impersonate: guard('dev_impersonate', ['address'], async (api, a) =>
      api.impersonate(addressRequired(a)),
    ),
    dev_stopImpersonating: guard('dev_stopImpersonating', ['address'], async (api, a) => {
      const { was, ...state } = await api.stopImpersonating(addressRequired(a))
      return { ...state, was_impersonated: was }
    }),
    dev_autoImpersonate: guard('dev_autoImpersonate', ['enabled'], async (api, a) => {
      if (a.raw('enabled') === '') throw invalid('enabled: expected true or false, got ""')
      const on = a.bool('enabled')
      if (on === undefined)
        throw invalid(
          a.has('enabled')
            ? `enabled: expected true or false, got ${a.text('enabled')}`
            : 'enabled is required: true or false',
        )
      return api.autoImpersonate(on)
    }),
    dev_setSigningStatus: guard(
      'dev_setSigningStatus',
      ['validator', 'signing'],
      async (api, a) => {
        const signing = a.bool('signing')
        if (signing === undefined) throw invalid('signing is required: true or false')
        const r = await api.setSigningStatus(a.text('validator'), signing)
        return { validator: r.address, voting_power: r.power.toString(), signing: r.signing }
      },
    ),
    dev_doubleSign: guard('dev_doubleSign', ['validator', 'height'], async (api, a) => {
      const height = a.has('height')
        ? count(a, 'height', { min: 1, max: Number.MAX_SAFE_INTEGER })
        : undefined
      const r = await api.doubleSign(a.text('validator'), height)
      return { validator: r.address, height: String(r.height) }
    }),
    dev_endVotingPeriod: guard('dev_endVotingPeriod', ['proposal_id'], async (api, a) => {
      const id = a.text('proposal_id')
      if (id === undefined) throw invalid('proposal_id is required')
      const r = await api.endVotingPeriod(id)
      return {
        proposal_id: r.proposalId,
        status: r.status,
        final_tally_result: r.finalTallyResult,
        height: String(r.height),
      }
    }),
    dev_lightClientAttack: guard('dev_lightClientAttack', ['validator', 'type'], async (api, a) => {
      const r = await api.lightClientAttack(a.text('validator'), a.text('type'))
      return { validator: r.address, common_height: String(r.commonHeight) }
    }),
    // CometMock's names, so scripts written for it port unchanged.
    advance_blocks: guard('advance_blocks', ['num_blocks'], async (api, a) => {
      await api.mine(count(a, 'num_blocks', BLOCKS), 0)
      return {}
    }),
    advance_time: guard('advance_time', ['duration_in_seconds'], async (api, a) => {
      const clock = await api.increaseTime(secondsArg(a, 'duration_in_seconds'))
      return { new_time: formatRfc3339Nano(clock.nextBlockTime) }
    }),
    set_signing_status: guard(
      'set_signing_status',
      ['private_key_address', 'status'],
      async (api, a) => {
        const status = a.text('status')
        if (status !== 'up' && status !== 'down')
          throw invalid(
            'status must be either `up` to have the validator sign, or `down` to have the validator not sign',
          )
        const map = await api.setSigningStatusOfKey(keyAddressArg(a), status === 'up')
        return { new_signing_status_map: map }
      },
    ),
    cause_double_sign: guard('cause_double_sign', ['private_key_address'], async (api, a) => {
      await api.causeDoubleSign(keyAddressArg(a))
      return {}
    }),
    cause_light_client_attack: guard(
      'cause_light_client_attack',
      ['private_key_address', 'misbehaviour_type'],
      async (api, a) => {
        await api.causeLightClientAttack(keyAddressArg(a), a.text('misbehaviour_type') ?? '')
        return {}
      },
    ),
  }
}
