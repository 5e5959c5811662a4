import { Hono } from 'hono'
import { type Bytes, fromBase64Strict, fromHex, toBase64, toHexUpper } from '../../codec/bytes.js'
import { formatRfc3339Nano } from '../../codec/time.js'
import type { BlockStore } from '../../store/block-store.js'
import { blockMetaJson, resultBlockJson } from './cometbft-json.js'

/** CometBFT version sdkd reports (cosmjs picks its client from this prefix). */
export const COMETBFT_VERSION = '0.38.12'

/** What the RPC server needs to know about the node. */
export interface RpcNode {
  chainId: string
  moniker: string
  nodeId: string
  p2pListenAddr: string
  rpcListenAddr: string
  validator: { address: Bytes; pubKey: Bytes; power: bigint }
  blocks: BlockStore
  /**
   * When the next height's round starts (CometBFT RoundState.StartTime: the last commit plus
   * timeout_commit), as Unix milliseconds; undefined while no block is scheduled.
   */
  nextRoundStartMs(): number | undefined
  /** ABCI Info: app name, version string, protocol (app) version, last height and app hash. */
  abciInfo(): Promise<{
    data: string
    version: string
    appVersion: bigint
    lastBlockHeight: number
    lastBlockAppHash: Bytes
  }>
}

/** A JSON-RPC error raised by a route: code, message, data (CometBFT's RPCError). */
export class RpcError extends Error {
  override readonly name = 'RpcError'

  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message)
  }
}

/** Arguments of one call: JSON-RPC params (typed JSON) or URI query (text). */
export class RpcArgs {
  constructor(
    private readonly values: Record<string, unknown>,
    readonly uri: boolean,
  ) {}

  has(name: string): boolean {
    const v = this.values[name]
    return v !== undefined && v !== null && v !== ''
  }

  private bad(name: string, why: string): never {
    const where = this.uri ? 'http' : 'json'
    throw new RpcError(
      -32602,
      'Invalid params',
      `error converting ${where} params to arguments: ${name}: ${why}`,
    )
  }

  /** An int64 argument (JSON-RPC: a string; URI: bare digits); undefined when absent. */
  int(name: string): number | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    const text =
      typeof v === 'number'
        ? String(v)
        : typeof v === 'string'
          ? v.replace(/^"(.*)"$/, '$1')
          : undefined
    if (text === undefined || !/^-?\d+$/.test(text))
      this.bad(name, `invalid 64-bit integer encoding ${JSON.stringify(v)}`)
    const n = Number(text)
    if (!Number.isSafeInteger(n)) this.bad(name, `value out of range ${text}`)
    return n
  }

  /** A string argument (URI form: JSON-quoted). */
  string(name: string): string | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    if (this.uri && typeof v === 'string') {
      if (/^".*"$/.test(v)) return JSON.parse(v) as string
      if (v.startsWith('0x')) return Buffer.from(fromHex(v.slice(2))).toString('utf8')
      this.bad(name, `invalid string ${JSON.stringify(v)}: strings must be quoted`)
    }
    if (typeof v !== 'string') this.bad(name, `expected a string, got ${JSON.stringify(v)}`)
    return v
  }

  bool(name: string): boolean | undefined {
    if (!this.has(name)) return undefined
    const v = this.values[name]
    if (typeof v === 'boolean') return v
    if (v === 'true') return true
    if (v === 'false') return false
    return this.bad(name, `expected true or false, got ${JSON.stringify(v)}`)
  }

  /** Bytes given as hex (HexBytes: JSON-RPC plain hex; URI 0x-hex or a quoted string). */
  hexBytes(name: string): Bytes | undefined {
    if (!this.has(name)) return undefined
    const v = String(this.values[name])
    try {
      if (this.uri) {
        if (v.startsWith('0x')) return fromHex(v.slice(2))
        if (/^".*"$/.test(v)) return new TextEncoder().encode(JSON.parse(v) as string)
      }
      return fromHex(v)
    } catch (err) {
      return this.bad(name, (err as Error).message)
    }
  }

  /** Bytes given as base64 in JSON-RPC ([]byte), or 0x-hex / quoted raw in URI form. */
  base64Bytes(name: string): Bytes | undefined {
    if (!this.has(name)) return undefined
    const v = String(this.values[name])
    if (this.uri) {
      try {
        if (v.startsWith('0x')) return fromHex(v.slice(2))
      } catch (err) {
        return this.bad(name, (err as Error).message)
      }
      if (/^".*"$/.test(v)) return new TextEncoder().encode(JSON.parse(v) as string)
    }
    const b = fromBase64Strict(v)
    if (!b) this.bad(name, `illegal base64 data ${JSON.stringify(v)}`)
    return b
  }
}

/** One RPC route. */
export interface RpcRoute {
  /** Argument names in order (for positional params). */
  args: readonly string[]
  handler(args: RpcArgs): Promise<unknown>
}

export type RpcRoutes = Record<string, RpcRoute>

/** The core routes: health, status, block, blockchain, abci_info. */
export function coreRoutes(node: RpcNode): RpcRoutes {
  const latestHeight = () => node.blocks.latest?.block.header.height ?? 0
  /** Upstream getHeight: validate an explicit height against the store. */
  const resolveHeight = (height: number | undefined): number => {
    const latest = latestHeight()
    if (height === undefined) return latest
    if (height <= 0)
      throw new RpcError(
        -32603,
        'Internal error',
        `height must be greater than 0, but got ${height}`,
      )
    if (height > latest) {
      throw new RpcError(
        -32603,
        'Internal error',
        `height ${height} must be less than or equal to the current blockchain height ${latest}`,
      )
    }
    const base = node.blocks.base
    if (height < base) {
      throw new RpcError(
        -32603,
        'Internal error',
        `height ${height} is not available, lowest height is ${base}`,
      )
    }
    return height
  }
  return {
    health: { args: [], handler: async () => ({}) },
    status: {
      args: [],
      handler: async () => {
        const latest = node.blocks.latest
        const earliest = latest ? await node.blocks.get(node.blocks.base) : undefined
        const info = await node.abciInfo()
        return {
          node_info: {
            protocol_version: { p2p: '8', block: '11', app: info.appVersion.toString() },
            id: node.nodeId,
            listen_addr: node.p2pListenAddr,
            network: node.chainId,
            version: COMETBFT_VERSION,
            channels: '40202122233038606100',
            moniker: node.moniker,
            other: { tx_index: 'on', rpc_address: node.rpcListenAddr },
          },
          sync_info: {
            latest_block_hash: latest ? toHexUpper(latest.block.blockId.hash) : '',
            latest_app_hash: latest ? toHexUpper(latest.appHash) : '',
            latest_block_height: String(latest?.block.header.height ?? 0),
            latest_block_time: latest
              ? formatRfc3339Nano(latest.block.header.time)
              : '1970-01-01T00:00:00Z',
            earliest_block_hash: earliest ? toHexUpper(earliest.block.blockId.hash) : '',
            earliest_app_hash: earliest ? toHexUpper(earliest.block.header.appHash) : '',
            earliest_block_height: String(earliest?.block.header.height ?? 0),
            earliest_block_time: earliest
              ? formatRfc3339Nano(earliest.block.header.time)
              : '1970-01-01T00:00:00Z',
            catching_up: false,
          },
          validator_info: {
            address: toHexUpper(node.validator.address),
            pub_key: { type: 'tendermint/PubKeyEd25519', value: toBase64(node.validator.pubKey) },
            voting_power: node.validator.power.toString(),
          },
        }
      },
    },
    consensus_state: {
      args: [],
      // RoundStateSimple of the single validator, waiting in step 1 (NewHeight) for the next height.
      handler: async () => {
        const next = latestHeight() + 1
        const startMs = node.nextRoundStartMs() ?? Date.now()
        return {
          round_state: {
            'height/round/step': `${next}/0/1`,
            start_time: formatRfc3339Nano(BigInt(Math.round(startMs)) * 1_000_000n),
            proposal_block_hash: '',
            locked_block_hash: '',
            valid_block_hash: '',
            height_vote_set: [
              {
                round: 0,
                prevotes: ['nil-Vote'],
                prevotes_bit_array: 'BA{1:_} 0/' + node.validator.power.toString() + ' = 0.00',
                precommits: ['nil-Vote'],
                precommits_bit_array: 'BA{1:_} 0/' + node.validator.power.toString() + ' = 0.00',
              },
            ],
            proposer: { address: toHexUpper(node.validator.address), index: 0 },
          },
        }
      },
    },
    block: {
      args: ['height'],
      handler: async (args) => {
        const height = resolveHeight(args.int('height'))
        if (height === 0)
          return { block_id: { hash: '', parts: { total: 0, hash: '' } }, block: null }
        const stored = await node.blocks.get(height)
        if (!stored)
          throw new RpcError(
            -32603,
            'Internal error',
            `height ${height} is not available, lowest height is ${node.blocks.base}`,
          )
        return resultBlockJson(stored)
      },
    },
    blockchain: {
      args: ['minHeight', 'maxHeight'],
      handler: async (args) => {
        const latest = latestHeight()
        const base = Math.max(node.blocks.base, 1)
        let min = args.int('minHeight') ?? 0
        let max = args.int('maxHeight') ?? 0
        if (min < 0 || max < 0)
          throw new RpcError(-32603, 'Internal error', 'heights must be non-negative')
        if (min === 0) min = 1
        if (max === 0) max = latest
        max = Math.min(max, latest)
        min = Math.max(min, base)
        if (min > max) {
          throw new RpcError(
            -32603,
            'Internal error',
            `min height ${min} can't be greater than max height ${max}`,
          )
        }
        const metas = []
        for (let h = max; h >= min && metas.length < 20; h--) {
          const stored = await node.blocks.get(h)
          if (stored) metas.push(blockMetaJson(stored))
        }
        return { last_height: String(latest), block_metas: metas }
      },
    },
    abci_info: {
      args: [],
      handler: async () => {
        const i = await node.abciInfo()
        return {
          response: {
            data: i.data,
            ...(i.version ? { version: i.version } : {}),
            ...(i.appVersion !== 0n ? { app_version: i.appVersion.toString() } : {}),
            ...(i.lastBlockHeight !== 0 ? { last_block_height: String(i.lastBlockHeight) } : {}),
            ...(i.lastBlockAppHash.length > 0
              ? { last_block_app_hash: toBase64(i.lastBlockAppHash) }
              : {}),
          },
        }
      },
    },
  }
}

type JsonRpcId = number | string | null

function errorBody(id: JsonRpcId, err: unknown) {
  if (err instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: err.code,
        message: err.message,
        ...(err.data !== undefined ? { data: err.data } : {}),
      },
    }
  }
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32603,
      message: 'Internal error',
      data: err instanceof Error ? err.message : String(err),
    },
  }
}

/** The CometBFT-style RPC as a Hono app: URI GET routes and JSON-RPC POST to `/`. */
export function createRpcApp(routes: RpcRoutes, options: { maxBodyBytes?: number } = {}): Hono {
  const app = new Hono()
  const maxBody = options.maxBodyBytes ?? 1_000_000

  const call = async (method: string, args: RpcArgs) => {
    const route = routes[method]
    if (!route) throw new RpcError(-32601, 'Method not found')
    return route.handler(args)
  }

  app.get('/', (c) => {
    const links = Object.keys(routes)
      .sort()
      .map((r) => `<a href="/${r}">/${r}</a></br>`)
      .join('\n')
    return c.html(`<html><body><br>Available endpoints:<br>${links}</body></html>`)
  })

  app.get('/:method', async (c) => {
    const method = c.req.param('method')
    if (!routes[method]) return c.json(errorBody(-1, new RpcError(-32601, 'Method not found')), 404)
    try {
      const query = c.req.query()
      const result = await call(method, new RpcArgs(query, true))
      if (query.height !== undefined && query.height !== '')
        c.header('Cache-Control', 'public, max-age=86400')
      return c.json({ jsonrpc: '2.0', id: -1, result })
    } catch (err) {
      return c.json(errorBody(-1, err), 500)
    }
  })

  app.post('/*', async (c) => {
    const path = c.req.path
    if (path !== '/') {
      return c.json(
        errorBody(null, new RpcError(-32600, 'Invalid Request', `path ${path} is invalid`)),
        200,
      )
    }
    const text = await c.req.text()
    if (Buffer.byteLength(text) > maxBody) {
      return c.json(
        errorBody(null, new RpcError(-32600, 'Invalid Request', 'http: request body too large')),
        200,
      )
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (err) {
      return c.json(
        errorBody(null, new RpcError(-32700, 'Parse error. Invalid JSON', (err as Error).message)),
        500,
      )
    }
    const one = async (req: unknown) => {
      if (req === null || typeof req !== 'object') {
        return errorBody(
          null,
          new RpcError(-32600, 'Invalid Request', 'expected a JSON-RPC request object'),
        )
      }
      const r = req as { id?: JsonRpcId; method?: unknown; params?: unknown }
      if (r.id === undefined) return undefined // notification
      if (typeof r.method !== 'string')
        return errorBody(r.id, new RpcError(-32600, 'Invalid Request', 'missing method'))
      const route = routes[r.method]
      if (!route) return errorBody(r.id, new RpcError(-32601, 'Method not found'))
      let params: Record<string, unknown> = {}
      if (Array.isArray(r.params)) {
        const positional = r.params as unknown[]
        params = Object.fromEntries(route.args.map((name, i) => [name, positional[i]]))
      } else if (r.params && typeof r.params === 'object') {
        params = r.params as Record<string, unknown>
      }
      try {
        return {
          jsonrpc: '2.0',
          id: r.id,
          result: await call(r.method, new RpcArgs(params, false)),
        }
      } catch (err) {
        return errorBody(r.id, err)
      }
    }
    if (Array.isArray(parsed)) {
      const replies = (await Promise.all(parsed.map(one))).filter((x) => x !== undefined)
      return c.json(replies)
    }
    const reply = await one(parsed)
    if (reply === undefined) return c.body(null, 200)
    return c.json(reply)
  })

  app.notFound((c) => c.json(errorBody(-1, new RpcError(-32601, 'Method not found')), 404))
  app.onError((err, c) => c.json(errorBody(-1, err), 500))
  return app
}
