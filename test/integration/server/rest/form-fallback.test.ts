import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createGateway } from '../../../../src/server/rest/gateway.js'
import { ALICE, createQueryTestNode } from '../../../helpers/test-node.js'

// grpc-gateway's path-length fallback (runtime/mux.go, v1.16): a POST whose Content-Type is exactly
// application/x-www-form-urlencoded runs a GET route with the form's fields, or the method its
// X-HTTP-Method-Override names. Each answer is compared with the GET (or POST) a client would
// otherwise send.

type TestNode = Awaited<ReturnType<typeof createQueryTestNode>>
const FORM = 'application/x-www-form-urlencoded'
const BALANCES = `/sdk/bank/v1beta1/balances/${ALICE}`
const TXS = '/sdk/tx/v1beta1/txs'

let t: TestNode
let app: Hono

beforeAll(async () => {
  t = await createQueryTestNode({ transfer: true })
  await t.node.producer.produceBlocks(4)
  app = createGateway({ router: t.node.router })
})
afterAll(async () => {
  await t?.close()
})

/** Status, the headers a client reads here and the body text. */
async function seen(path: string, init: RequestInit = {}) {
  const res = await app.request(path, init)
  return {
    status: res.status,
    allow: res.headers.get('allow'),
    height: res.headers.get('x-sdk-block-height'),
    body: await res.text(),
  }
}

function form(path: string, body: string, headers: Record<string, string> = {}) {
  return seen(path, { method: 'POST', body, headers: { 'content-type': FORM, ...headers } })
}

describe('a form POST to a GET route', () => {
  test('behavior: runs the GET route with the form as its query', async () => {
    const viaGet = await seen(`${BALANCES}?pagination.limit=1`)
    expect(viaGet.status).toBe(200)
    expect(JSON.parse(viaGet.body).balances).toHaveLength(1)
    expect(await form(BALANCES, 'pagination.limit=1')).toEqual(viaGet)
    // an empty form is the route's plain GET
    expect(await form(BALANCES, '')).toEqual(await seen(BALANCES))
  })

  test("behavior: the form's fields come before the URL's (Go's Request.Form), and the first value of a field counts", async () => {
    const one = await form(`${BALANCES}?pagination.limit=2`, 'pagination.limit=1')
    expect(JSON.parse(one.body).balances).toHaveLength(1)
    const two = await form(`${BALANCES}?pagination.limit=1`, 'pagination.limit=2')
    expect(JSON.parse(two.body).balances).toHaveLength(2)
    // fields of the URL alone still count
    expect(await form(`${BALANCES}?pagination.reverse=true`, 'pagination.limit=1')).toEqual(
      await seen(`${BALANCES}?pagination.limit=1&pagination.reverse=true`),
    )
  })

  test("error: a form Go's ParseForm refuses is a 400 in its words, even on a route that reads no query", async () => {
    const refused = (message: string) => ({
      status: 400,
      allow: null,
      height: null,
      body: JSON.stringify({ code: 3, message, details: [] }),
    })
    const params = '/sdk/bank/v1beta1/params'
    expect(await form(params, 'a=%zz')).toEqual(refused('invalid URL escape "%zz"'))
    expect(await form(params, 'a=1;b=2')).toEqual(refused('invalid semicolon separator in query'))
    // the URL's query is parsed with it; the body's error is the one reported
    expect(await form(`${params}?a=%zy`, 'b=1')).toEqual(refused('invalid URL escape "%zy"'))
    expect(await form(`${params}?a=%zy`, 'b=%q')).toEqual(refused('invalid URL escape "%q"'))
    // a GET of the same route ignores its query string, as it reads none
    expect((await seen(`${params}?a=%zz`)).status).toBe(200)
  })

  test('error: any other Content-Type, parameters included, is a POST the route does not take (405)', async () => {
    for (const type of [`${FORM}; charset=utf-8`, 'application/json', 'text/plain']) {
      const r = await seen(BALANCES, {
        method: 'POST',
        body: 'pagination.limit=1',
        headers: { 'content-type': type },
      })
      expect([r.status, r.allow]).toEqual([405, 'GET'])
    }
  })

  test('behavior: X-HTTP-Method-Override names the method (any case); one the path has no route for is 405', async () => {
    const viaGet = await seen(`${BALANCES}?pagination.limit=1`)
    for (const method of ['GET', 'get', 'POST']) {
      expect(
        await form(BALANCES, 'pagination.limit=1', { 'x-http-method-override': method }),
      ).toEqual(viaGet)
    }
    const deleted = await form(BALANCES, 'pagination.limit=1', {
      'x-http-method-override': 'DELETE',
    })
    expect([deleted.status, deleted.allow, JSON.parse(deleted.body).message]).toEqual([
      405,
      'GET',
      'Method Not Allowed',
    ])
  })
})

describe('a form POST to a path with a POST route too (txs: GetTxsEvent and BroadcastTx)', () => {
  const query = 'query=tx.height%3E0&limit=1'

  test('behavior: without an override the POST route reads the body as it reads any', async () => {
    const plain = await seen(TXS, {
      method: 'POST',
      body: query,
      headers: { 'content-type': 'text/plain' },
    })
    expect(plain.status).toBe(400)
    expect(await form(TXS, query)).toEqual(plain)
  })

  test('behavior: an override of GET runs GetTxsEvent with the form; of POST, BroadcastTx with the body already read (empty)', async () => {
    const viaGet = await seen(`${TXS}?${query}`)
    expect(viaGet.status).toBe(200)
    expect(JSON.parse(viaGet.body)).toMatchObject({ txs: [], total: '0' })
    expect(await form(TXS, query, { 'x-http-method-override': 'GET' })).toEqual(viaGet)
    // the form's fields reach GetTxsEvent: an order it refuses, in its words
    const refused = await form(TXS, `${query}&order_by=9`, { 'x-http-method-override': 'GET' })
    expect([refused.status, JSON.parse(refused.body).message]).toEqual([
      400,
      '9 is not a valid tx.OrderBy',
    ])
    const empty = await seen(TXS, { method: 'POST', body: '' })
    expect(await form(TXS, query, { 'x-http-method-override': 'POST' })).toEqual(empty)
    // another method: the path's 405, as a request of that method gets it
    const put = await seen(TXS, { method: 'PUT' })
    expect([put.status, put.allow]).toEqual([405, 'POST, GET'])
    expect(await form(TXS, query, { 'x-http-method-override': 'PUT' })).toEqual(put)
  })
})
