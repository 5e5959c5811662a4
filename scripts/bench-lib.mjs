// What the benchmark scripts share: arguments, medians, free ports, the node's JSON-RPC, the JS heap
// its threads allocate, and raw keep-alive HTTP connections for a light load.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, connect as netConnect } from 'node:net'

/** The number after `--name` on the command line, or `fallback`. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}

/** The median of numbers (the upper one of an even count). */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/** Calls a JSON-RPC method of the node at `url`; resolves with its result, throws its error. */
export async function rpcCall(url, method, params = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await res.json()
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result
}

let clockTicks
/** Clock ticks per second of /proc's CPU times (asked once). */
function ticksPerSecond() {
  clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100
  return clockTicks
}

/**
 * CPU seconds (user + system) in a /proc stat file: `/proc/<pid>/stat` for a whole process,
 * `/proc/<pid>/task/<tid>/stat` for one thread. Throws where the file cannot be read.
 */
export function statCpuSeconds(path) {
  const stat = readFileSync(path, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond()
}

/**
 * CPU seconds of each thread of process `pid`, by thread id, from /proc (Linux); undefined where
 * /proc cannot be read. The process's own id is its main thread.
 */
export function threadCpu(pid) {
  try {
    const out = new Map()
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        out.set(Number(tid), statCpuSeconds(`/proc/${pid}/task/${tid}/stat`))
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return out
  } catch {
    return undefined
  }
}

/** A small seeded PRNG (mulberry32): the same seed gives the same heights. */
export function random(seed) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Bytes of the files under `dir`. A running node's LevelDB deletes files as it compacts, so a file
 * gone between the listing and its stat counts as 0.
 */
export async function dirSize(dir) {
  const { readdir, stat } = await import('node:fs/promises')
  let total = 0
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = `${dir}/${e.name}`
    try {
      total += e.isDirectory() ? await dirSize(p) : (await stat(p)).size
    } catch (err) {
      if (err.code !== 'ENOENT') throw err
    }
  }
  return total
}

/**
 * An autocannon load of `url` for `seconds` over `connections` (and `pipelining`); with `heights`,
 * every request of a connection asks a random height in [min, max] in `header`, `count` of them
 * per connection. Resolves with req/s, requests and errors (including timeouts and non-2xx).
 */
export async function loadHttp({ url, headers, seconds, connections, pipelining, heights }) {
  const { default: autocannon } = await import('autocannon')
  const options = { url, headers, duration: seconds, connections, pipelining }
  if (heights) {
    // Every connection gets its own sequence of random heights, built once (autocannon then sends
    // prebuilt request buffers, as for a fixed request: the load process pays no more per request).
    const { min, max, seed, header, count } = heights
    let client = 0
    options.setupClient = (c) => {
      const next = random(seed * 1000 + client++)
      const requests = []
      for (let i = 0; i < count; i++) {
        const h = min + Math.floor(next() * (max - min + 1))
        requests.push({ method: 'GET', headers: { ...headers, [header]: String(h) } })
      }
      c.setRequests(requests)
    }
  }
  const r = await autocannon(options)
  return {
    rps: r.requests.average,
    requests: r.requests.total,
    errors: r.errors + r.timeouts + r.non2xx,
  }
}

/**
 * The bytes allocated by each isolate of a node started with --trace-gc-nvp, summed from the
 * `allocated=` of its collection lines as they arrive on `stream`, and the time its node's thread
 * spent in collections. `snapshot()` gives the sums so far: `main` for the first isolate to print
 * (the node's thread), `workers` for all the others; `promoted` the bytes the node's thread's
 * collections moved to the old generation; `gc` the milliseconds of that thread's collections:
 * `scavenges` and `full` (the other kinds) the pauses of the thread itself (`pause=`), `helpers` what
 * the same collections ran on V8's helper threads (their `background.*` times: parallel scavenging,
 * concurrent marking and sweeping).
 */
export function watchAllocation(stream) {
  const byIsolate = new Map()
  /** The node's thread's isolate: the first to print. */
  let mainIsolate
  /** Bytes promoted to the old generation by the main isolate's collections (`promoted=`). */
  let promoted = 0
  const gc = { scavenges: 0, full: 0, helpers: 0, helpersFull: 0 }
  let rest = ''
  stream.setEncoding('utf8')
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop()
    for (const line of lines) {
      const m = /^\[\d+:(0x[0-9a-f]+)\].* allocated=(\d+) /.exec(line)
      if (!m) continue
      byIsolate.set(m[1], (byIsolate.get(m[1]) ?? 0) + Number(m[2]))
      mainIsolate ??= m[1]
      if (m[1] !== mainIsolate) continue
      const p = / promoted=(\d+) /.exec(line)
      if (p) promoted += Number(p[1])
      const pause = Number(/ pause=([\d.]+) /.exec(line)?.[1] ?? 0)
      const scavenge = / gc=s /.test(line)
      if (scavenge) gc.scavenges += pause
      else gc.full += pause
      for (const b of line.matchAll(/ background\.[\w.]+=([\d.]+)/g)) {
        gc.helpers += Number(b[1])
        if (!scavenge) gc.helpersFull += Number(b[1])
      }
    }
  })
  return {
    snapshot() {
      let all = 0
      for (const bytes of byIsolate.values()) all += bytes
      const main = byIsolate.get(mainIsolate) ?? 0
      return { main, workers: all - main, promoted, gc: { ...gc } }
    },
  }
}

/**
 * The node's thread's collections between two `watchAllocation` snapshots, in µs per `unit` (an
 * included tx, a block): its pauses (of them the scavenges') and its collections' work on V8's
 * helper threads (of it the full collections': mostly their concurrent marking of the whole heap,
 * which comes as often as the old generation fills, so it follows the bytes promoted).
 */
export function gcPer(before, after, units) {
  const per = (key) => ((after.gc[key] - before.gc[key]) * 1000) / units
  return {
    pause: per('scavenges') + per('full'),
    scavenges: per('scavenges'),
    helpers: per('helpers'),
    helpersFull: per('helpersFull'),
  }
}

/**
 * `gcPer`'s figures as a phrase: "the node's thread paused 31 µs (scavenges 26), V8's helper threads
 * 40 µs (full collections 22)".
 */
export function gcText(g) {
  return `the node's thread paused ${g.pause.toFixed(0)} µs (scavenges ${g.scavenges.toFixed(0)}), V8's helper threads ${g.helpers.toFixed(0)} µs (full collections ${g.helpersFull.toFixed(0)})`
}

/**
 * One keep-alive HTTP/1.1 connection to 127.0.0.1:`port` that sends prebuilt requests one at a
 * time, as wrk does: the load process pays for a write and a small parse per request, not for a
 * client request object, its headers and parser. `send(bytes)` resolves with the answer's status
 * and body text (a Content-Length or chunked body). The connection is opened by `open` and ended
 * by `close`; one the server closes rejects what is in flight.
 */
export class RawHttpConnection {
  static open(port) {
    return new Promise((resolve, reject) => {
      const socket = netConnect(port, '127.0.0.1', () => {
        socket.off('error', reject)
        resolve(new RawHttpConnection(socket))
      })
      socket.once('error', reject)
    })
  }

  constructor(socket) {
    this.socket = socket
    this.socket.setNoDelay(true)
    this.chunks = []
    this.length = 0
    this.pending = undefined
    socket.on('data', (chunk) => this.onData(chunk))
    const fail = (err) => {
      const p = this.pending
      this.pending = undefined
      p?.reject(err ?? new Error('the server closed the connection'))
    }
    socket.on('error', fail)
    socket.on('close', () => fail())
  }

  /** Sends one request's bytes; resolves with `{ status, body }` once its whole answer is in. */
  send(bytes) {
    if (this.pending) return Promise.reject(new Error('one request at a time'))
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject }
      this.socket.write(bytes)
    })
  }

  onData(chunk) {
    this.chunks.push(chunk)
    this.length += chunk.length
    const buf = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.length)
    const p = this.pending
    let answer
    try {
      answer = parseAnswer(buf)
      if (answer && !p) throw new Error('an answer to no request')
    } catch (err) {
      this.pending = undefined
      this.socket.destroy()
      p?.reject(err)
      return
    }
    if (!answer) {
      this.chunks = [buf]
      return
    }
    this.chunks = buf.length > answer.end ? [buf.subarray(answer.end)] : []
    this.length = buf.length - answer.end
    this.pending = undefined
    p.resolve({ status: answer.status, body: answer.body })
  }

  close() {
    this.socket.end()
  }
}

/**
 * Sends each lane's requests in order over its own connection (`conns[lane]`), the lanes at once;
 * `onAnswer(answer, ms)` sees every answer with its round trip. Closes the connections after.
 */
export async function sendInLanes(conns, requests, onAnswer) {
  await Promise.all(
    requests.map(async (reqs, lane) => {
      for (const bytes of reqs) {
        const started = performance.now()
        const answer = await conns[lane].send(bytes)
        onAnswer(answer, performance.now() - started)
      }
    }),
  )
  for (const c of conns) c.close()
}

/**
 * The first HTTP/1.1 answer in `buf`: its status, its body's text and where it ends; undefined
 * while incomplete. The body comes with a Content-Length or chunked (no trailers).
 */
function parseAnswer(buf) {
  const headEnd = buf.indexOf('\r\n\r\n')
  if (headEnd < 0) return undefined
  const head = buf.latin1Slice(0, headEnd)
  const status = Number(head.slice(9, 12))
  const len = /\r\ncontent-length: *(\d+)/i.exec(head)
  if (len) {
    const end = headEnd + 4 + Number(len[1])
    if (buf.length < end) return undefined
    return { status, body: buf.toString('utf8', headEnd + 4, end), end }
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head))
    throw new Error(`an answer with neither a length nor chunks: ${head.split('\r\n')[0]}`)
  const parts = []
  for (let at = headEnd + 4; ; ) {
    const lineEnd = buf.indexOf('\r\n', at)
    if (lineEnd < 0) return undefined
    const size = Number.parseInt(buf.latin1Slice(at, lineEnd), 16)
    if (Number.isNaN(size)) throw new Error(`a chunk without a size: ${head.split('\r\n')[0]}`)
    const dataEnd = lineEnd + 2 + size
    if (buf.length < dataEnd + 2) return undefined
    if (size === 0) return { status, body: Buffer.concat(parts).toString('utf8'), end: dataEnd + 2 }
    parts.push(buf.subarray(lineEnd + 2, dataEnd))
    at = dataEnd + 2
  }
}

/** The bytes of an HTTP/1.1 POST of JSON text `body` to `path` on 127.0.0.1:`port`, keep-alive. */
export function jsonPostBytes(port, path, body) {
  const bytes = Buffer.from(body)
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${bytes.length}\r\nConnection: keep-alive\r\n\r\n`,
      'latin1',
    ),
    bytes,
  ])
}
