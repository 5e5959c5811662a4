/** An HTTP answer: status and body text. */
export interface HttpAnswer {
  status: number
  text: string
}

/**
 * POSTs JSON with node:http(s): the client's only transport. (Node's global fetch loads undici on
 * first use, about 20 ms more than a whole `sdkd status` should cost.)
 */
export async function postJson(url: string, body: string): Promise<HttpAnswer> {
  const target = new URL(url)
  const { request } =
    target.protocol === 'https:' ? await import('node:https') : await import('node:http')
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
