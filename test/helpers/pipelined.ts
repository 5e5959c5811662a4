import { connect } from 'node:net'

/** One raw HTTP/1.1 answer: the whole of it (head and body, latin1) and its body (UTF-8). */
export interface RawAnswer {
  raw: string
  body: string
}

/**
 * Sends raw HTTP/1.1 requests pipelined on one connection (so the node receives them in this
 * order) and resolves with the answers, in order. Every answer must carry a Content-Length.
 */
export function pipelined(port: number, requests: string[]): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let buffer = Buffer.alloc(0)
    const answers: RawAnswer[] = []
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n')
        if (end < 0) return
        const head = buffer.subarray(0, end).toString('latin1')
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1])
        if (!(length >= 0)) return reject(new Error(`no content-length in ${head}`))
        if (buffer.length < end + 4 + length) return
        answers.push({
          raw: buffer.subarray(0, end + 4 + length).toString('latin1'),
          body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
        })
        buffer = buffer.subarray(end + 4 + length)
        if (answers.length === requests.length) {
          socket.end()
          return resolve(answers)
        }
      }
    })
    socket.on('error', reject)
    socket.write(requests.join(''))
  })
}

/**
 * Sends one raw GET of `path` on a kept-alive connection, leaves the connection idle for `ms`,
 * then resolves with all it received and whether the server had closed it by then.
 */
export function idleAfterAnswer(
  port: number,
  path: string,
  ms: number,
): Promise<{ reply: string; open: boolean }> {
  return new Promise((resolve, reject) => {
    let reply = ''
    let closed = false
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
    )
    socket.on('data', (d) => (reply += d))
    socket.on('close', () => (closed = true))
    socket.on('error', reject)
    setTimeout(() => {
      resolve({ reply, open: !closed })
      socket.destroy()
    }, ms)
  })
}
