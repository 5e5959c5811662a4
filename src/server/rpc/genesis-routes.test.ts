import { describe, expect, test } from 'vitest'
import { defaultConsensusParams, type Genesis } from '../../config/genesis.js'
import { GENESIS_CHUNK_SIZE, genesisRoutes } from './genesis-routes.js'
import { createRpcApp } from './server.js'

/**
 * `genesis` and `genesis_chunked` (reference §2.1–§2.2): 16 MiB chunks of the genesis document's
 * JSON, base64; `genesis` refuses a document of more than one chunk.
 */

/** A genesis whose app state holds `padding` bytes of text, so its size is known. */
function genesisOf(padding: number): Genesis {
  return {
    json: { app_hash: null } as unknown as Genesis['json'],
    chainId: 'big-chain',
    genesisTime: 1_700_000_000_123_000_000n,
    initialHeight: 1,
    validators: [],
    blockMaxBytes: 22020096n,
    blockMaxGas: -1n,
    // `<` and `&` come out escaped, as Go's json.Marshal writes them.
    appState: { note: 'a<b&c', padding: 'x'.repeat(padding) },
    hash: new Uint8Array(32),
  }
}

async function call(app: ReturnType<typeof createRpcApp>, method: string, params: unknown) {
  const res = await app.request('/', {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as any
}

describe('genesis_chunked', () => {
  test('behavior: a small genesis is one chunk; its bytes are Go’s JSON of the document', async () => {
    const app = createRpcApp(
      genesisRoutes({ genesis: genesisOf(3), consensusParams: defaultConsensusParams() }),
    )
    const chunk = (await call(app, 'genesis_chunked', { chunk: '0' })).result
    expect(chunk).toMatchObject({ chunk: '0', total: '1' })
    const text = Buffer.from(chunk.data, 'base64').toString('utf8')
    expect(text).toContain('"app_state":{"note":"a\\u003cb\\u0026c","padding":"xxx"}')
    expect(
      text.startsWith('{"genesis_time":"2023-11-14T22:13:20.123Z","chain_id":"big-chain"'),
    ).toBe(true)
    // No validators: the key is left out; no app hash: "".
    const { genesis } = (await call(app, 'genesis', {})).result
    expect(genesis).not.toHaveProperty('validators')
    expect(genesis.app_hash).toBe('')
    expect(JSON.parse(text)).toEqual(genesis)
  })

  test('error: a genesis over 16 MiB is refused by genesis and served in chunks', async () => {
    const app = createRpcApp(
      genesisRoutes({
        genesis: genesisOf(GENESIS_CHUNK_SIZE),
        consensusParams: defaultConsensusParams(),
      }),
    )
    expect((await call(app, 'genesis', {})).error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'genesis response is large, please use the genesis_chunked API instead',
    })
    const first = (await call(app, 'genesis_chunked', { chunk: '0' })).result
    const second = (await call(app, 'genesis_chunked', { chunk: '1' })).result
    expect([first.total, second.total, second.chunk]).toEqual(['2', '2', '1'])
    expect(Buffer.from(first.data, 'base64')).toHaveLength(GENESIS_CHUNK_SIZE)
    const whole = Buffer.concat([
      Buffer.from(first.data, 'base64'),
      Buffer.from(second.data, 'base64'),
    ])
    expect(JSON.parse(whole.toString('utf8')).chain_id).toBe('big-chain')
    expect((await call(app, 'genesis_chunked', { chunk: '2' })).error.data).toBe(
      'there are 1 chunks, 2 is invalid',
    )
  })
})
