import { describe, expect, test } from 'vitest'
import { defaultAppConfig, readAppConfig, renderAppToml } from './app-config.js'
import { formatGoDuration, parseGoDuration } from './duration.js'
import { defaultConsensusParams, readGenesis } from './genesis.js'
import { defaultNodeConfig, readNodeConfig, renderConfigToml } from './node-config.js'
import { pruningOptions } from './pruning.js'
import { parseTomlFile } from './toml.js'

const parseToml = (text: string) => parseTomlFile('config/app.toml', text)

describe('durations', () => {
  test('behavior: Go duration strings', () => {
    expect(parseGoDuration('250ms')).toBe(250)
    expect(parseGoDuration('5s')).toBe(5000)
    expect(parseGoDuration('1m30s')).toBe(90_000)
    expect(parseGoDuration('0')).toBe(0)
    expect(parseGoDuration('1.5s')).toBe(1500)
    expect(formatGoDuration(250)).toBe('250ms')
    expect(formatGoDuration(90_000)).toBe('1m30s')
  })

  test('error: Go messages', () => {
    expect(() => parseGoDuration('5')).toThrow('time: missing unit in duration "5"')
    expect(() => parseGoDuration('fast')).toThrow('time: invalid duration "fast"')
  })
})

describe('pruning options', () => {
  test('behavior: strategies map to upstream keep-recent/interval', () => {
    expect(pruningOptions('default', 0, 0)).toEqual({ keepRecent: 362880, interval: 10 })
    expect(pruningOptions('everything', 0, 0)).toEqual({ keepRecent: 2, interval: 10 })
    expect(pruningOptions('nothing', 5, 5)).toEqual({ keepRecent: 0, interval: 0 })
    expect(pruningOptions('CUSTOM', 100, 10)).toEqual({ keepRecent: 100, interval: 10 })
  })

  test('error: upstream validation messages', () => {
    expect(() => pruningOptions('sometimes', 0, 0)).toThrow('unknown pruning strategy sometimes')
    expect(() => pruningOptions('custom', 5, 0)).toThrow(
      `invalid custom pruning options: 'pruning-interval' must not be 0. If you want to disable pruning, select pruning = "nothing"`,
    )
    expect(() => pruningOptions('custom', 5, 9)).toThrow(
      `invalid custom pruning options: 'pruning-interval' must not be less than 10. For the most aggressive pruning, select pruning = "everything"`,
    )
    expect(() => pruningOptions('custom', 1, 10)).toThrow(
      `invalid custom pruning options: 'pruning-keep-recent' must not be less than 2. For the most aggressive pruning, select pruning = "everything"`,
    )
  })
})

describe('config files', () => {
  test('behavior: app.toml quoted integers and defaults', () => {
    const c = readAppConfig('config/app.toml', {
      'pruning-keep-recent': '100',
      api: { enable: true },
    })
    expect(c.pruningKeepRecent).toBe(100)
    expect(c.api.enable).toBe(true)
    expect(c.api.address).toBe('tcp://localhost:1317')
    expect(c.grpc.maxSendMsgSize).toBe(2147483647)
  })

  test('behavior: app.toml as init writes it reads back as it was, [runtime] included', () => {
    const c = defaultAppConfig()
    c.runtime = {
      blockWorker: false,
      invariantWorker: false,
      verifyWorkers: 2,
      secp256k1: 'node',
      v8Pretenuring: true,
    }
    expect(readAppConfig('config/app.toml', parseToml(renderAppToml(c)))).toEqual(c)
    const d = defaultAppConfig()
    expect(readAppConfig('config/app.toml', parseToml(renderAppToml(d))).runtime).toEqual({
      blockWorker: true,
      invariantWorker: true,
      verifyWorkers: 'auto',
      secp256k1: 'native',
      v8Pretenuring: false,
    })
  })

  test('error: a bad field names the file, the field and the problem', () => {
    expect(() => readAppConfig('config/app.toml', { api: { enable: 'yes' } })).toThrow(
      'config/app.toml: api.enable: expected true or false, got "yes"',
    )
    expect(() => readAppConfig('config/app.toml', { 'halt-height': -1 })).toThrow(
      'config/app.toml: halt-height: expected a non-negative integer, got -1',
    )
    expect(() =>
      readNodeConfig('config/config.toml', { consensus: { timeout_commit: 'soon' } }),
    ).toThrow('config/config.toml: consensus.timeout_commit: time: invalid duration "soon"')
    expect(() => readAppConfig('config/app.toml', { mempool: { 'max-txs': '-1' } })).toThrow(
      'config/app.toml: mempool.max-txs: expected an integer, got "-1"',
    )
    expect(() => readNodeConfig('config/config.toml', { abci: 'http' })).toThrow(
      'config/config.toml: abci: expected "socket" or "grpc", got "http"',
    )
  })

  test("behavior: app.toml [mempool] max-txs = -1 (upstream's default from v0.50.6: no app-side mempool) is read; config.toml's abci and db_dir are CometBFT's defaults when absent", () => {
    expect(readAppConfig('config/app.toml', { mempool: { 'max-txs': -1 } }).mempool).toEqual({
      maxTxs: -1,
    })
    expect(readNodeConfig('config/config.toml', {})).toMatchObject({
      abci: 'socket',
      dbDir: 'data',
    })
    expect(
      readNodeConfig('config/config.toml', { abci: 'grpc', db_dir: '/var/cmt' }),
    ).toMatchObject({ abci: 'grpc', dbDir: '/var/cmt' })
  })

  test('behavior: config.toml [consensus] round timeouts: CometBFT defaults when absent (a home written before them reads the same), kept when set', () => {
    const read = (consensus: Record<string, unknown>) =>
      readNodeConfig('config/config.toml', { consensus }).consensus
    expect(read({ timeout_propose: '3s', timeout_commit: '5s' })).toEqual({
      timeoutPropose: '3s',
      timeoutProposeDelta: '500ms',
      timeoutPrevote: '1s',
      timeoutPrevoteDelta: '500ms',
      timeoutPrecommit: '1s',
      timeoutPrecommitDelta: '500ms',
      timeoutCommit: '5s',
      timeoutCommitMs: 5000,
    })
    const c = defaultNodeConfig('n')
    c.consensus = {
      timeoutPropose: '1s',
      timeoutProposeDelta: '100ms',
      timeoutPrevote: '250ms',
      timeoutPrevoteDelta: '50ms',
      timeoutPrecommit: '300ms',
      timeoutPrecommitDelta: '60ms',
      timeoutCommit: '0s',
      timeoutCommitMs: 0,
    }
    const text = renderConfigToml(c)
    expect(text).toContain('timeout_prevote_delta = "50ms"\n')
    expect(readNodeConfig('config/config.toml', parseToml(text))).toEqual(c)
    expect(() => read({ timeout_prevote: '1' })).toThrow(
      'config/config.toml: consensus.timeout_prevote: time: missing unit in duration "1"',
    )
    expect(() => read({ timeout_precommit_delta: '-1s' })).toThrow(
      'config/config.toml: consensus.timeout_precommit_delta: must not be negative',
    )
  })

  test('behavior: config.toml [rpc] CORS, connection limit and broadcast_tx_commit timeout: CometBFT defaults when absent, kept when set', () => {
    const read = (rpc: Record<string, unknown>) => readNodeConfig('config/config.toml', { rpc }).rpc
    expect(read({})).toMatchObject({
      corsAllowedOrigins: [],
      corsAllowedMethods: ['HEAD', 'GET', 'POST'],
      corsAllowedHeaders: ['Origin', 'Accept', 'Content-Type', 'X-Requested-With', 'X-Server-Time'],
      maxOpenConnections: 900,
      timeoutBroadcastTxCommit: '10s',
      timeoutBroadcastTxCommitMs: 10_000,
    })
    const c = defaultNodeConfig('n')
    c.rpc.corsAllowedOrigins = ['*']
    c.rpc.corsAllowedMethods = ['GET']
    c.rpc.corsAllowedHeaders = ['*']
    c.rpc.maxOpenConnections = 0
    c.rpc.timeoutBroadcastTxCommit = '1m30s'
    c.rpc.timeoutBroadcastTxCommitMs = 90_000
    const text = renderConfigToml(c)
    expect(text).toContain('cors_allowed_origins = ["*"]\n')
    expect(text).toContain('cors_allowed_methods = ["GET"]\n')
    expect(text).toContain('max_open_connections = 0\n')
    expect(text).toContain('timeout_broadcast_tx_commit = "1m30s"\n')
    expect(readNodeConfig('config/config.toml', parseToml(text))).toEqual(c)
    expect(() => read({ max_open_connections: -1 })).toThrow(
      'config/config.toml: rpc.max_open_connections: expected a non-negative integer, got -1',
    )
    expect(() => read({ timeout_broadcast_tx_commit: '-1s' })).toThrow(
      'config/config.toml: rpc.timeout_broadcast_tx_commit: must not be negative',
    )
    expect(() => read({ cors_allowed_methods: 'GET' })).toThrow(
      'config/config.toml: rpc.cors_allowed_methods: expected an array of strings, got "GET"',
    )
  })

  test('error: an unterminated string names the line, the opening quote and the missing quote', () => {
    const at = (text: string) => {
      try {
        parseToml(text)
      } catch (err) {
        return (err as Error).message
      }
      return 'parsed'
    }
    expect(at('[api]\nenable = true\naddress = "tcp://0.0.0.0:1317\nswagger = true\n')).toBe(
      'config/app.toml: invalid TOML at line 3, column 11: the string starting here is not terminated (its closing " is missing before the end of the line)',
    )
    expect(at("a = 'x\nb = 1\n")).toBe(
      "config/app.toml: invalid TOML at line 1, column 5: the string starting here is not terminated (its closing ' is missing before the end of the line)",
    )
    expect(at('a = "x')).toContain('line 1, column 5: the string starting here is not terminated')
    expect(at('x = 1\na = """x\n')).toBe(
      'config/app.toml: invalid TOML at line 2, column 5: the string starting here is not terminated (its closing """ is missing before the end of the file)',
    )
    // An escaped quote does not close the string; a quote in a comment opens none.
    expect(at('a = "x\\"y\n')).toContain('line 1, column 5: the string starting here')
    expect(at('a = "x" # "c\nb = "y\n')).toContain('line 2, column 5: the string starting here')
    // A control character inside a closed string stays the parser's message.
    expect(at('a = "x\u0001y"\n')).toBe(
      'config/app.toml: invalid TOML at line 1, column 7: control characters are not allowed in strings',
    )
  })

  test('error: genesis problems name the field', () => {
    const valid = {
      chain_id: 'x',
      genesis_time: '2026-01-01T00:00:00Z',
      app_state: {},
      consensus: {
        params: defaultConsensusParams(),
        validators: [
          {
            pub_key: {
              type: 'tendermint/PubKeyEd25519',
              value: Buffer.alloc(32).toString('base64'),
            },
            power: '10',
          },
        ],
      },
    }
    expect(readGenesis('config/genesis.json', valid).chainId).toBe('x')
    expect(() => readGenesis('config/genesis.json', { ...valid, chain_id: '' })).toThrow(
      'config/genesis.json: chain_id: must not be empty',
    )
    expect(() =>
      readGenesis('config/genesis.json', { ...valid, genesis_time: 'yesterday' }),
    ).toThrow('config/genesis.json: genesis_time: expected an RFC 3339 time, got "yesterday"')
    // None: the set is the one InitChain returns (x/staking genesis, gentxs), as CometBFT.
    expect(
      readGenesis('config/genesis.json', {
        ...valid,
        consensus: { ...valid.consensus, validators: [] },
      }).validators,
    ).toEqual([])
    const second = {
      pub_key: { type: 'tendermint/PubKeyEd25519', value: Buffer.alloc(32, 1).toString('base64') },
      power: '5',
    }
    const two = { ...valid.consensus, validators: [...valid.consensus.validators, second] }
    expect(
      readGenesis('config/genesis.json', { ...valid, consensus: two }).validators.map(
        (v) => v.power,
      ),
    ).toEqual([10n, 5n])
    const twice = { ...valid.consensus, validators: [second, second] }
    expect(() => readGenesis('config/genesis.json', { ...valid, consensus: twice })).toThrow(
      /^config\/genesis.json: consensus.validators\[1\].address: duplicate validator [0-9A-F]{40}$/,
    )
  })
})
