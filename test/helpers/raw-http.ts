import { type IncomingHttpHeaders, request } from 'node:http'

/** An answer as it came: its status, headers and body text. */
export interface RawAnswer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/**
 * One request to 127.0.0.1:`port` as given, byte for byte: the method, the raw target (no client
 * cleans it), the headers (an array value is sent as several lines) and the body.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  body = '',
  headers: Record<string, string | string[]> = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => {
        text += d
      })
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * An answer's raw text with its clocks blanked (`Date: -`, `X-Server-Time: T`), so the answers of
 * two servers, or of one at two moments, compare byte for byte.
 */
export function withoutClocks(raw: string): string {
  return raw
    .replace(/\r\nDate: [^\r]*/g, '\r\nDate: -')
    .replace(/\r\nx-server-time: \d+/gi, '\r\nX-Server-Time: T')
}
