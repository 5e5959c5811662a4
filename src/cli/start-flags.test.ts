import { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { defaultAppConfig } from '../config/app-config.js'
import { defaultNodeConfig } from '../config/node-config.js'
import { addConsensusFlags, addStartFlags, cometbftFlags, type StartFlags } from './start-flags.js'
import { applyStartFlags } from './start-prepare.js'

/** `sdkd start`'s flags parsed from `args`, as its action gets them. */
function parseStart(args: string[]): StartFlags {
  const cmd = addConsensusFlags(addStartFlags(new Command('start')))
    .exitOverride()
    .configureOutput({ writeErr: () => undefined })
  cmd.parse(args, { from: 'user' })
  return cmd.opts<StartFlags>()
}

describe('sdkd start flags', () => {
  it("behavior: upstream's app.toml flags set their fields, as the SDK's start binds them", () => {
    const home = { app: defaultAppConfig(), node: defaultNodeConfig('m') }
    applyStartFlags(
      home,
      parseStart([
        ...['--api.max-open-connections', '7', '--api.rpc-read-timeout', '3'],
        ...['--api.rpc-write-timeout', '4', '--api.rpc-max-body-bytes', '0x400'],
        ...['--grpc-web.enable=false', '--state-sync.snapshot-interval', '100'],
        ...['--state-sync.snapshot-keep-recent', '5', '--mempool.max-txs', '-1'],
        ...['--query-gas-limit', '3000000', '--proxy_app', 'tcp://127.0.0.1:36658'],
        ...['--abci', 'grpc', '--db_dir', 'cmt'],
      ]),
    )
    expect(home.app.api).toMatchObject({
      maxOpenConnections: 7,
      rpcReadTimeout: 3,
      rpcWriteTimeout: 4,
      rpcMaxBodyBytes: 1024,
    })
    expect(home.app.grpcWeb.enable).toBe(false)
    expect(home.app.stateSync).toEqual({ snapshotInterval: 100, snapshotKeepRecent: 5 })
    expect(home.app.mempool.maxTxs).toBe(-1)
    expect(home.app.queryGasLimit).toBe(3000000)
    expect(home.node).toMatchObject({
      proxyApp: 'tcp://127.0.0.1:36658',
      abci: 'grpc',
      dbDir: 'cmt',
    })
  })

  it("behavior: CometBFT's node flags are passed on as `cometbft start` takes them, the ones sdkd reads itself not", () => {
    const flags = parseStart([
      ...['--moniker', 'm1', '--p2p.seeds', 'ab@127.0.0.1:1', '--p2p.pex=false'],
      ...['--p2p.external-address', '127.0.0.1:9', '--consensus.create_empty_blocks=false'],
      ...['--consensus.create_empty_blocks_interval', '30s', '--db_backend', 'goleveldb'],
      ...['--consensus.double_sign_check_height', '0x10', '--rpc.pprof_laddr', ':6060'],
      ...['--proxy_app', 'tcp://127.0.0.1:1', '--abci', 'socket', '--genesis_hash', 'ab'],
    ])
    expect(cometbftFlags(flags)).toEqual([
      '--moniker=m1',
      '--consensus.double_sign_check_height=16',
      '--rpc.pprof_laddr=:6060',
      '--p2p.external-address=127.0.0.1:9',
      '--p2p.seeds=ab@127.0.0.1:1',
      '--p2p.pex=false',
      '--consensus.create_empty_blocks=false',
      '--consensus.create_empty_blocks_interval=30s',
      '--db_backend=goleveldb',
    ])
    expect(flags.genesis_hash).toBe('AB')
  })

  it("error: a bad value is refused with pflag's or the Go library's words", () => {
    const refusal = (args: string[]) => {
      try {
        parseStart(args)
      } catch (err) {
        return (err as Error).message
      }
      return undefined
    }
    expect(refusal(['--genesis_hash', 'zz'])).toBe(
      "error: option '--genesis_hash <hex>' argument 'zz' is invalid. encoding/hex: invalid byte: U+007A 'z'",
    )
    expect(refusal(['--genesis_hash', 'abc'])).toContain('encoding/hex: odd length hex string')
    expect(refusal(['--abci', 'http'])).toContain(
      "argument 'http' is invalid. Allowed choices are socket, grpc.",
    )
    expect(refusal(['--transport', 'http'])).toContain('Allowed choices are socket, grpc.')
    expect(refusal(['--consensus.create_empty_blocks_interval', '5'])).toContain(
      'time: missing unit in duration "5"',
    )
    expect(refusal(['--state-sync.snapshot-keep-recent', '4294967296'])).toContain(
      'strconv.ParseUint: parsing "4294967296": value out of range',
    )
    expect(refusal(['--mempool.max-txs', '-1'])).toBeUndefined()
    expect(refusal(['--shutdown-grace', '1m30s'])).toBeUndefined()
    expect(parseStart(['--shutdown-grace', '1m30s']).shutdownGrace).toBe(90_000)
  })
})
