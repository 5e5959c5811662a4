import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { capturedLogger, RawAbciClient, testApp } from '../../../test/helpers/abci-client.js'
import { cleanupAfterEach } from '../../../test/helpers/cleanup.js'
import { tempDir } from '../../../test/helpers/temp-dir.js'
import { ListenError } from '../listen.js'
import { formatAbciAddress, parseAbciAddress } from './address.js'
import { listenAbci } from './socket-server.js'

const cleanups = cleanupAfterEach()

async function dir(): Promise<string> {
  const t = await tempDir('abci-')
  cleanups.push(t.cleanup)
  return t.dir
}

const listen = (address: string) =>
  listenAbci({ address, app: testApp(), logger: capturedLogger().logger }).then((s) => {
    cleanups.push(() => s.close())
    return s
  })

describe('ABCI server addresses (CometBFT proxy_app form)', () => {
  test('behavior: tcp://, unix:// and no scheme (TCP) parse and print back the same way', () => {
    expect(parseAbciAddress('tcp://127.0.0.1:26658')).toEqual({
      kind: 'tcp',
      host: '127.0.0.1',
      port: 26658,
    })
    expect(parseAbciAddress('127.0.0.1:26658')).toEqual(parseAbciAddress('tcp://127.0.0.1:26658'))
    expect(parseAbciAddress('unix:///var/run/app.sock')).toEqual({
      kind: 'unix',
      path: '/var/run/app.sock',
    })
    expect(formatAbciAddress(parseAbciAddress('unix:///var/run/app.sock'))).toBe(
      'unix:///var/run/app.sock',
    )
    expect(formatAbciAddress(parseAbciAddress('tcp://[::1]:26658'))).toBe('tcp://[::1]:26658')
  })

  test('error: another scheme, a missing port and an empty socket path are refused with why', () => {
    expect(() => parseAbciAddress('grpc://127.0.0.1:26658')).toThrow(
      new ListenError(
        'ABCI server: unsupported address "grpc://127.0.0.1:26658": expected tcp://host:port or unix:///path',
      ),
    )
    expect(() => parseAbciAddress('tcp://127.0.0.1')).toThrow(
      'ABCI server: invalid address "tcp://127.0.0.1": expected tcp://host:port or unix:///path',
    )
    expect(() => parseAbciAddress('unix://')).toThrow('ABCI server: "unix://" has no socket path')
  })

  test('error: a Unix socket path over 107 bytes is refused before anything is created', async () => {
    const path = `/tmp/${'d'.repeat(96)}/a.sock`
    expect(Buffer.byteLength(path)).toBe(108)
    await expect(listen(`unix://${path}`)).rejects.toThrow(
      `ABCI server: the Unix socket path ${path} is 108 bytes, over the 107 a socket address holds: use a shorter path`,
    )
    // 107 bytes is the longest path a socket address holds, and it binds.
    const d = await dir()
    const longest = join(d, 's'.repeat(107 - d.length - 1))
    expect(Buffer.byteLength(longest)).toBe(107)
    const server = await listen(`unix://${longest}`)
    expect(server.address).toBe(`unix://${longest}`)
    expect(existsSync(longest)).toBe(true)
  })

  test('behavior: a stale socket file left by a killed server is removed and the address served', async () => {
    const path = join(await dir(), 'stale.sock')
    // A server killed without closing leaves its socket file behind.
    const killed = spawnSync(process.execPath, [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(path)}, () => process.kill(process.pid, 'SIGKILL'))`,
    ])
    expect(killed.signal).toBe('SIGKILL')
    expect(existsSync(path)).toBe(true)
    const server = await listen(`unix://${path}`)
    const c = await RawAbciClient.connect(server.address)
    cleanups.push(() => c.close())
    c.write('021200')
    expect((await c.take(3)).toString('hex')).toBe('021a00')
  })

  test('error: a live socket, a file that is not a socket and a TCP port in use are refused, each saying so', async () => {
    const d = await dir()
    const live = join(d, 'live.sock')
    const other = createServer()
    await new Promise<void>((resolve) => other.listen(live, resolve))
    cleanups.push(() => new Promise<void>((resolve) => other.close(() => resolve())))
    await expect(listen(`unix://${live}`)).rejects.toThrow(
      `ABCI server: address unix://${live} is already in use`,
    )
    const file = join(d, 'notes.txt')
    await writeFile(file, 'keep me')
    await expect(listen(`unix://${file}`)).rejects.toThrow(
      `ABCI server: unix://${file} exists and is not a socket: remove it or choose another path`,
    )
    expect(existsSync(file)).toBe(true)
    const first = await listen('tcp://127.0.0.1:0')
    await expect(listen(first.address)).rejects.toThrow(
      `ABCI server: address ${first.address} is already in use`,
    )
  })
})
