import { describe, expect, test } from 'vitest'
import { toHex } from '../../codec/bytes.js'
import { createRpcApp, type RpcRoutes } from './server.js'

/**
 * Route arguments decoded as CometBFT v0.38 decodes them into its Go types (reference
 * cometbft-rpc-websocket-metrics.md §1.2 URI, §1.3 JSON-RPC), with Go's error texts.
 */

/** One argument of each Go type CometBFT's routes take, echoed back as decoded. */
const routes: RpcRoutes = {
  echo: {
    args: ['height', 'page', 'chunk', 'prove', 'query', 'tx', 'data'],
    handler: async (args) => {
      const tx = args.base64Bytes('tx', 'types.Tx')
      const data = args.hexBytes('data')
      return {
        height: args.int('height') ?? null,
        page: args.int('page', 'int') ?? null,
        chunk: args.int('chunk', 'uint') ?? null,
        prove: args.bool('prove') ?? null,
        query: args.string('query') ?? null,
        tx: tx ? toHex(tx) : null,
        data: data ? toHex(data) : null,
      }
    },
  },
}
/** An interface argument (`broadcast_evidence`'s `evidence`), echoed back as decoded. */
routes.evidence = {
  args: ['evidence'],
  handler: async (args) => ({ evidence: args.json('evidence') ?? null }),
}
const app = createRpcApp(routes)
const none = {
  height: null,
  page: null,
  chunk: null,
  prove: null,
  query: null,
  tx: null,
  data: null,
}

async function uri(query: string) {
  const res = await app.request(`/echo?${query}`)
  return { status: res.status, body: (await res.json()) as any }
}

async function post(params: unknown) {
  const res = await app.request('/', {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'echo', params }),
  })
  return { status: res.status, body: (await res.json()) as any }
}

const httpError = (data: string) => ({
  status: 500,
  body: {
    jsonrpc: '2.0',
    id: -1,
    error: {
      code: -32602,
      message: 'Invalid params',
      data: `error converting http params to arguments: ${data}`,
    },
  },
})
const jsonError = (data: string) => ({
  status: 200,
  body: {
    jsonrpc: '2.0',
    id: 5,
    error: {
      code: -32602,
      message: 'Invalid params',
      data: `error converting json params to arguments: ${data}`,
    },
  },
})

describe('JSON-RPC params', () => {
  test('behavior: int64 arguments are digit strings; strings, bools, base64 []byte, hex HexBytes', async () => {
    const r = await post({
      height: '12',
      page: '2',
      chunk: '0',
      prove: true,
      query: "tx.height=5 AND a.b='c'",
      tx: 'AQI=',
      data: '0aFF',
      unknown: 'ignored',
    })
    expect(r).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: 5,
        result: {
          height: 12,
          page: 2,
          chunk: 0,
          prove: true,
          query: "tx.height=5 AND a.b='c'",
          tx: '0102',
          data: '0aff',
        },
      },
    })
  })

  test('behavior: missing and null params mean "not given"; no params key is Go’s reflect.Call panic', async () => {
    expect((await post({ height: null, tx: null })).body.result).toEqual(none)
    expect((await post({})).body.result).toEqual(none)
    expect((await post(null)).body.result).toEqual(none)
    expect(await post(undefined)).toEqual({
      status: 500,
      body: {
        jsonrpc: '2.0',
        id: -1,
        error: {
          code: -32603,
          message: 'Internal error',
          data: 'reflect: Call with too few input arguments',
        },
      },
    })
  })

  test('error: a bare number for an int64 is refused with upstream’s text', async () => {
    expect(await post({ height: 5 })).toEqual(
      jsonError('invalid 64-bit integer encoding "5", expected string'),
    )
    expect(await post({ page: 12 })).toEqual(
      jsonError('invalid 64-bit integer encoding "12", expected string'),
    )
  })

  test.each([
    [{ height: 'abc' }, "invalid character 'a' looking for beginning of value"],
    [{ height: '' }, 'unexpected end of JSON input'],
    [{ height: '1.5' }, 'json: cannot unmarshal number 1.5 into Go value of type int64'],
    [{ page: '1e3' }, 'json: cannot unmarshal number 1e3 into Go value of type int'],
    [{ chunk: '-1' }, 'json: cannot unmarshal number -1 into Go value of type uint'],
    [{ chunk: '-0' }, 'json: cannot unmarshal number -0 into Go value of type uint'],
    [{ height: 'true' }, 'json: cannot unmarshal bool into Go value of type int64'],
    [{ prove: 'true' }, 'json: cannot unmarshal string into Go value of type bool'],
    [{ query: 5 }, 'json: cannot unmarshal number into Go value of type string'],
    [{ tx: 'AQI' }, 'illegal base64 data at input byte 0'],
    [{ tx: 'AQIDB' }, 'illegal base64 data at input byte 4'],
    [{ tx: 'AQ!=' }, 'illegal base64 data at input byte 2'],
    [{ tx: 7 }, 'json: cannot unmarshal number into Go value of type types.Tx'],
    [{ tx: true }, 'json: cannot unmarshal bool into Go value of type types.Tx'],
    [{ tx: {} }, 'json: cannot unmarshal object into Go value of type types.Tx'],
    // An array is read item by item as uint8s; the first item that is not one fails it.
    [{ tx: [256, 1] }, 'json: cannot unmarshal number 256 into Go value of type uint8'],
    [{ tx: [1, -1] }, 'json: cannot unmarshal number -1 into Go value of type uint8'],
    [{ tx: [1.5] }, 'json: cannot unmarshal number 1.5 into Go value of type uint8'],
    [{ tx: ['a', 300] }, 'json: cannot unmarshal string into Go value of type uint8'],
    [{ tx: [1, null, [2], {}] }, 'json: cannot unmarshal array into Go value of type uint8'],
    [{ tx: [{}] }, 'json: cannot unmarshal object into Go value of type uint8'],
    [{ tx: [false] }, 'json: cannot unmarshal bool into Go value of type uint8'],
    [{ data: '0xab' }, "encoding/hex: invalid byte: U+0078 'x'"],
    [{ data: 'abc' }, 'encoding/hex: odd length hex string'],
    [{ data: 5 }, 'invalid hex string: 5'],
  ])('error: %j → %s', async (params, data) => {
    expect(await post(params)).toEqual(jsonError(data))
  })

  test('behavior: bytes as a JSON array of byte values (null items 0), as encoding/json reads a slice', async () => {
    expect((await post({ tx: [1] })).body.result).toEqual({ ...none, tx: '01' })
    expect((await post({ tx: [0, 255, null, 16] })).body.result).toEqual({
      ...none,
      tx: '00ff0010',
    })
    expect((await post({ tx: [] })).body.result).toEqual({ ...none, tx: '' })
    expect((await uri('tx=%5B1,2%5D')).body.result).toEqual({ ...none, tx: '0102' })
  })

  test('behavior: positional params, exactly one per argument', async () => {
    const r = await post(['3', null, null, false, '"q"', null, 'ab'])
    expect(r.body.result).toEqual({ ...none, height: 3, prove: false, query: '"q"', data: 'ab' })
    expect(await post(['12'])).toEqual(
      jsonError(
        'expected 7 parameters ([height page chunk prove query tx data]), got 1 ([[34 49 50 34]])',
      ),
    )
  })
})

describe('URI arguments', () => {
  test('behavior: bare digits or quoted ints, JSON bools, quoted or 0x strings, 0x or quoted bytes', async () => {
    const q = encodeURIComponent('"tx.height=5"')
    expect(
      await uri(`height=12&page="2"&chunk=1&prove=true&query=${q}&tx=0x0102&data=0xAB`),
    ).toEqual({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: -1,
        result: {
          height: 12,
          page: 2,
          chunk: 1,
          prove: true,
          query: 'tx.height=5',
          tx: '0102',
          data: 'ab',
        },
      },
    })
    // A quoted string is the UTF-8 bytes of its text (never base64); 0x works for strings too.
    const r = await uri('tx="ab"&data="ab"&query=0x746f6b656e')
    expect(r.body.result).toEqual({ ...none, tx: '6162', data: '6162', query: 'token' })
    // Empty means "not given".
    expect((await uri('height=&query=')).body.result).toEqual(none)
  })

  test.each([
    // The reference's example: an unquoted query is not JSON.
    ['query=tx.height%3D5', "invalid character 'x' in literal true (expecting 'r')"],
    ['height=abc', 'invalid 64-bit integer encoding "abc", expected string'],
    ['height=0x10', "got a hex string arg, but expected 'int64'"],
    ['page=0x1', "got a hex string arg, but expected 'int'"],
    ['chunk=-1', 'json: cannot unmarshal number -1 into Go value of type uint'],
    ['chunk=-0', 'json: cannot unmarshal number -0 into Go value of type uint'],
    [
      'height=99999999999999999999',
      'json: cannot unmarshal number 99999999999999999999 into Go value of type int64',
    ],
    ['prove=%22true%22', 'json: cannot unmarshal string into Go value of type bool'],
    ['prove=0x01', "got a hex string arg, but expected 'bool'"],
    // Cut short inside the literal: Go's scanner steps on a space at the end.
    ['prove=t', "invalid character ' ' in literal true (expecting 'r')"],
    ['tx=AQI%3D', "invalid character 'A' looking for beginning of value"],
    ['tx=5', 'json: cannot unmarshal number into Go value of type types.Tx'],
    ['tx=true', 'json: cannot unmarshal bool into Go value of type types.Tx'],
    ['tx=%5B256%5D', 'json: cannot unmarshal number 256 into Go value of type uint8'],
    ['data=ABCD', 'invalid hex string: ABCD'],
    ['data=0xZZ', "encoding/hex: invalid byte: U+005A 'Z'"],
    ['query=5', 'json: cannot unmarshal number into Go value of type string'],
  ])('error: %s → %s', async (query, data) => {
    expect(await uri(query)).toEqual(httpError(data))
  })

  test('error: an interface argument in the URI is JSON alone: 0x + hex is refused, as for any type but a string or bytes', async () => {
    const get = async (query: string) => {
      const res = await app.request(`/evidence?${query}`)
      return { status: res.status, body: (await res.json()) as any }
    }
    expect((await get('evidence=%7B%22type%22%3A1%7D')).body.result).toEqual({
      evidence: { type: 1 },
    })
    for (const hex of ['0x00', '0X', '0xabc'])
      expect(await get(`evidence=${hex}`)).toEqual(
        httpError("got a hex string arg, but expected 'interface'"),
      )
  })
})
