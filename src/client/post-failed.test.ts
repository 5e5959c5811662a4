import { createServer, connect as netConnect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { postJson } from './http-post.js'
import { postFailedText } from './post-failed.js'

/** A port nothing listens on: one a server had, closed again. */
async function closedPort(host: string): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** What Node rejects with when it POSTs to `url`. */
async function failureOf(url: string): Promise<unknown> {
  try {
    await postJson(url, '{}')
  } catch (err) {
    return err
  }
  throw new Error(`POST ${url} answered`)
}

/** Whether this machine has an IPv6 loopback to connect to. */
async function hasIpv6Loopback(): Promise<boolean> {
  const server = createServer()
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '::1', resolve)
    })
  } catch {
    return false
  }
  const { port } = server.address() as { port: number }
  const ok = await new Promise<boolean>((resolve) => {
    const s = netConnect(port, '::1', () => {
      s.destroy()
      resolve(true)
    }).once('error', () => resolve(false))
  })
  await new Promise((resolve) => server.close(resolve))
  return ok
}
const ipv6 = await hasIpv6Loopback()
if (!ipv6) console.log('skipped: no IPv6 loopback on this machine (the [::1] case)')

describe('postFailedText: an unanswered JSON-RPC POST in upstream’s words', () => {
  it('behavior: a refused connection reads as CometBFT’s `post failed` around Go’s dial error', async () => {
    const port = await closedPort('127.0.0.1')
    const url = `http://127.0.0.1:${port}`
    expect(postFailedText(url, await failureOf(url))).toBe(
      `post failed: Post "${url}": dial tcp 127.0.0.1:${port}: connect: connection refused`,
    )
  })

  it.skipIf(!ipv6)(
    'behavior: an IPv6 address is dialled in brackets, as Go writes it',
    async () => {
      const port = await closedPort('::1')
      const url = `http://[::1]:${port}`
      expect(postFailedText(url, await failureOf(url))).toBe(
        `post failed: Post "${url}": dial tcp [::1]:${port}: connect: connection refused`,
      )
    },
  )

  it('behavior: a name that does not resolve is Go’s lookup error; unreachable networks theirs', () => {
    const lookup = Object.assign(new Error('getaddrinfo ENOTFOUND nosuch.invalid'), {
      code: 'ENOTFOUND',
      syscall: 'getaddrinfo',
      hostname: 'nosuch.invalid',
    })
    expect(postFailedText('http://nosuch.invalid:26657', lookup)).toBe(
      'post failed: Post "http://nosuch.invalid:26657": dial tcp: lookup nosuch.invalid: no such host',
    )
    const unreachable = Object.assign(new Error('connect EHOSTUNREACH 10.0.0.9:26657'), {
      code: 'EHOSTUNREACH',
      syscall: 'connect',
      address: '10.0.0.9',
      port: 26657,
    })
    expect(postFailedText('http://10.0.0.9:26657', unreachable)).toBe(
      'post failed: Post "http://10.0.0.9:26657": dial tcp 10.0.0.9:26657: connect: no route to host',
    )
  })

  it('behavior: of several addresses tried (an AggregateError), the first one’s error, as Go’s dialer returns its first', () => {
    const each = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}:26657`), {
        code: 'ECONNREFUSED',
        syscall: 'connect',
        address,
        port: 26657,
      })
    const both = Object.assign(new AggregateError([each('::1'), each('127.0.0.1')], ''), {
      code: 'ECONNREFUSED',
    })
    expect(postFailedText('http://localhost:26657', both)).toBe(
      'post failed: Post "http://localhost:26657": dial tcp [::1]:26657: connect: connection refused',
    )
  })

  it('behavior: an error Go would word otherwise keeps Node’s message after the same prefix', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })
    expect(postFailedText('https://node.example:443', reset)).toBe(
      'post failed: Post "https://node.example:443": socket hang up',
    )
  })
})
