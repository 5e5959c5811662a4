import { type Command, InvalidArgumentError } from 'commander'
import { parseGoDuration } from '../config/duration.js'
import { clientAction, nodeOption } from './client-context.js'
import { devAddress, devCall, print } from './dev-call.js'
import { registerDevImpersonation } from './dev-impersonate.js'
import { CliError } from './errors.js'
import { parseProposalId, uintArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

/** Blocks per dev_mine call when a long mine shows progress. */
const CHUNK = 5_000

/** `+2h`, `90s`, `1h30m` → seconds (Go durations; block time only goes forward). */
function forwardSeconds(text: string): number {
  const t = text.trim().replace(/^\+/, '')
  if (/^\d+(\.\d+)?$/.test(t)) return Number(t)
  try {
    const ms = parseGoDuration(t)
    if (ms < 0) throw new InvalidArgumentError('block time only goes forward')
    return ms / 1000
  } catch (err) {
    throw new InvalidArgumentError(
      `expected a duration such as +2h, +90s or +1h30m (or seconds), got ${JSON.stringify(text)}: ${(err as Error).message}`,
    )
  }
}

/** `500ms`, `2s` → milliseconds. */
function intervalMs(text: string): number {
  try {
    return parseGoDuration(text)
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message)
  }
}

/**
 * The node's answer when a shutdown cut a dev_mine short, counted over the whole command (a long
 * mine on a terminal is several calls); any other error as it is.
 */
function stoppedWhileMining(err: unknown, before: number, requested: number): unknown {
  const m = /^the node stopped after mining (\d+) of \d+ blocks \(height (\d+)\)$/.exec(
    (err as Error).message ?? '',
  )
  if (!m) return err
  return new CliError(
    `the node stopped after mining ${before + Number(m[1])} of ${requested} blocks (height ${m[2]})`,
  )
}

/** `sdkd dev …`: drive a devnet (mine, mining mode, time travel, snapshot/revert, balances). */
export function registerDev(program: Command, globals: () => GlobalFlags): void {
  const dev = program
    .command('dev')
    .description(
      "drive a devnet through its dev API (the node's dev_* RPC methods; on in devnets, else --dev.enable)",
    )

  nodeOption(
    dev
      .command('mine')
      .argument('[blocks]', 'how many blocks to mine now', uintArg, 1)
      .option('--to <height>', 'mine up to this height instead', uintArg)
      .option(
        '--interval <duration>',
        'block time step between the mined blocks, e.g. 2s',
        intervalMs,
      )
      .description('mine blocks now, each through the same producer and commit path as any block'),
  ).action(
    clientAction(async (blocks: number, f: { node?: string; to?: number; interval?: number }) => {
      const g = globals()
      let n = blocks
      if (f.to !== undefined) {
        const status = await devCall(g, f.node, 'dev_status')
        const height = Number(status.height)
        if (f.to < height)
          throw new CliError(
            `height ${f.to} is below the current height ${height} (dev revert goes back)`,
          )
        n = f.to - height
      }
      const progress = process.stdout.isTTY && n > CHUNK
      const started = performance.now()
      let done = 0
      let result: Record<string, unknown> = {}
      do {
        const step = progress ? Math.min(CHUNK, n - done) : n - done
        try {
          result = await devCall(g, f.node, 'dev_mine', {
            blocks: step,
            interval_ms: f.interval ?? 0,
          })
        } catch (err) {
          if (progress) process.stderr.write('\n')
          throw stoppedWhileMining(err, done, n)
        }
        done += step
        if (progress) {
          const rate = Math.round(done / ((performance.now() - started) / 1000))
          process.stderr.write(
            `\rmined ${done}/${n} blocks, height ${result.height} (${rate} blocks/s)`,
          )
        }
      } while (done < n)
      if (progress) process.stderr.write('\n')
      print(result)
    }),
  )

  nodeOption(
    dev
      .command('mining')
      .argument('<mode>', 'interval | instant | manual')
      .argument('[interval]', 'with interval: the block time, e.g. 500ms')
      .description(
        'how blocks come: every interval, one as soon as a tx arrives, or only when mined',
      ),
  ).action(
    clientAction(
      async (mode: string, interval: string | undefined, f: { node?: string }, cmd: Command) => {
        if (!['interval', 'instant', 'manual'].includes(mode))
          usageError(cmd, `mode must be interval, instant or manual, got ${JSON.stringify(mode)}`)
        if (interval !== undefined && mode !== 'interval')
          usageError(cmd, 'an interval goes with the interval mode only')
        print(
          await devCall(globals(), f.node, 'dev_setMining', {
            mode,
            ...(interval !== undefined ? { interval: String(intervalMs(interval)) } : {}),
          }),
        )
      },
    ),
  )

  nodeOption(
    dev
      .command('time')
      .argument('[jump]', 'move the next block time forward, e.g. +2h, +90s, +1h30m')
      .option('--set <time>', 'the next block time, RFC 3339 (e.g. 2027-01-01T00:00:00Z)')
      .description('time travel: the next block takes a later time (block times only go forward)'),
  ).action(
    clientAction(
      async (jump: string | undefined, f: { node?: string; set?: string }, cmd: Command) => {
        if ((jump === undefined) === (f.set === undefined))
          usageError(cmd, 'give either a jump (+2h) or --set <time>')
        print(
          jump !== undefined
            ? await devCall(globals(), f.node, 'dev_increaseTime', {
                seconds: forwardSeconds(jump),
              })
            : await devCall(globals(), f.node, 'dev_setNextBlockTime', { time: f.set }),
        )
      },
    ),
  )

  nodeOption(dev.command('snapshot').description('take a snapshot; prints its id')).action(
    clientAction(async (f: { node?: string }) => {
      print(await devCall(globals(), f.node, 'dev_snapshot'))
    }),
  )

  nodeOption(
    dev
      .command('revert')
      .argument('<id>', 'a snapshot id (what dev snapshot printed)')
      .option('--keep', 'keep the snapshot to revert to again (later ones are still used up)')
      .description(
        'go back to a snapshot: state, blocks, tx index and mempool; it (unless --keep) and later ids are used up',
      ),
  ).action(
    clientAction(async (id: string, f: { node?: string; keep?: boolean }) => {
      print(
        await devCall(globals(), f.node, 'dev_revert', { id, ...(f.keep ? { keep: true } : {}) }),
      )
    }),
  )

  nodeOption(
    dev
      .command('reset')
      .description(
        'go back to the genesis state: every snapshot used up, mempool emptied, clock on the wall clock, nothing impersonated',
      ),
  ).action(
    clientAction(async (f: { node?: string }) => {
      print(await devCall(globals(), f.node, 'dev_reset'))
    }),
  )

  nodeOption(
    dev
      .command('set-balance')
      .argument('<address>', 'account address')
      .argument('<coins>', 'the new balance of each denom given, e.g. 1000stake,5token')
      .description('set balances out of band (the total supply follows), in a block it mines'),
  ).action(
    clientAction(async (address: string, coins: string, f: { node?: string }) => {
      const account = await devAddress(globals(), address, 'address')
      print(await devCall(globals(), f.node, 'dev_setBalance', { address: account, coins }))
    }),
  )

  nodeOption(
    dev
      .command('fund')
      .argument('<address>', 'account address')
      .argument('<coins>', 'coins to send, e.g. 1000stake')
      .option('--from <address>', 'send from this account (default: the devnet validator account)')
      .description('send coins from the faucet account without a signature, in a block it mines'),
  ).action(
    clientAction(async (address: string, coins: string, f: { node?: string; from?: string }) => {
      const account = await devAddress(globals(), address, 'address')
      const from = f.from !== undefined ? await devAddress(globals(), f.from, '--from') : undefined
      print(
        await devCall(globals(), f.node, 'dev_fund', {
          address: account,
          coins,
          ...(from !== undefined ? { from } : {}),
        }),
      )
    }),
  )

  nodeOption(
    dev
      .command('signing')
      .argument(
        '<validator>',
        'operator address (valoper), consensus address (hex) or index in the validator set',
      )
      .argument('<status>', 'on (the validator signs the next commits) or off (it is absent)')
      .description("make a validator sign the next blocks' commits or not"),
  ).action(
    clientAction(async (validator: string, status: string, f: { node?: string }) => {
      if (status !== 'on' && status !== 'off')
        throw new CliError(`status must be on or off, got ${JSON.stringify(status)}`)
      print(
        await devCall(globals(), f.node, 'dev_setSigningStatus', {
          validator,
          signing: status === 'on',
        }),
      )
    }),
  )

  nodeOption(
    dev
      .command('double-sign')
      .argument(
        '<validator>',
        'operator address (valoper), consensus address (hex) or index in the validator set',
      )
      .option(
        '--height <height>',
        'the committed height it double-signs (default: the latest)',
        uintArg,
      )
      .description('make a validator double-sign: the next block carries the evidence'),
  ).action(
    clientAction(async (validator: string, f: { node?: string; height?: number }) => {
      print(
        await devCall(globals(), f.node, 'dev_doubleSign', {
          validator,
          ...(f.height !== undefined ? { height: f.height } : {}),
        }),
      )
    }),
  )

  nodeOption(
    dev
      .command('end-voting')
      .argument('<proposal-id>', 'the proposal whose voting period ends now')
      .description(
        "end a proposal's voting period now: the next block takes its end time (x/gov tallies it), mined at once",
      ),
  ).action(
    clientAction(async (id: string, f: { node?: string }) => {
      const proposalId = parseProposalId(id)
      print(await devCall(globals(), f.node, 'dev_endVotingPeriod', { proposal_id: proposalId }))
    }),
  )

  nodeOption(
    dev
      .command('light-client-attack')
      .argument(
        '<validator>',
        'operator address (valoper), consensus address (hex) or index in the validator set',
      )
      .argument(
        '<type>',
        'Lunatic (another app hash), Equivocation (a later time) or Amnesia (the same block)',
      )
      .description(
        'make a validator attack a light client with a block conflicting with the latest: the next block carries the evidence',
      ),
  ).action(
    clientAction(async (validator: string, type: string, f: { node?: string }) => {
      print(await devCall(globals(), f.node, 'dev_lightClientAttack', { validator, type }))
    }),
  )

  registerDevImpersonation(dev, globals)

  nodeOption(
    dev
      .command('status')
      .description(
        'mining mode, block clock, snapshots, which validators sign, which accounts are impersonated',
      ),
  ).action(
    clientAction(async (f: { node?: string }) => {
      print(await devCall(globals(), f.node, 'dev_status'))
    }),
  )
}

/** A usage mistake found by an action: `Error: <message>` and the hint line, exit 1. */
function usageError(cmd: Command, message: string): never {
  cmd.error(`error: ${message}`, { exitCode: 1, code: 'sdkd.usage' })
}
