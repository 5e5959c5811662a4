import type { Readable } from 'node:stream'
import { UserError } from '../errors.js'

/**
 * The POSIX ustar archives of `sdkd snapshots dump` and `load` (what Go's archive/tar writes for
 * short names and files under 8 GB): a 512-byte header per file, its bytes padded to 512, two zero
 * blocks at the end. Regular files only; anything else in an archive is refused.
 */

const BLOCK = 512

function field(header: Buffer, offset: number, length: number, text: string): void {
  header.write(text, offset, length, 'latin1')
}

function octal(n: number, length: number): string {
  return `${n.toString(8).padStart(length - 1, '0')}\0`
}

/** A regular file's header block, mode 0644, as Go's tar.Writer writes it for `{Name, Mode, Size}`. */
export function tarHeader(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new UserError(`tar: file name too long: ${name}`)
  const h = Buffer.alloc(BLOCK)
  field(h, 0, 100, name)
  field(h, 100, 8, octal(0o644, 8))
  field(h, 108, 8, octal(0, 8))
  field(h, 116, 8, octal(0, 8))
  field(h, 124, 12, octal(size, 12))
  field(h, 136, 12, octal(0, 12))
  h[156] = 0x30 // '0': a regular file
  field(h, 257, 8, 'ustar\x0000')
  // The checksum: the sum of the header's bytes with its own field read as spaces.
  h.fill(0x20, 148, 156)
  let sum = 0
  for (const b of h) sum += b
  field(h, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `)
  return h
}

/** The zero bytes that pad a file of `size` bytes to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** The end of an archive: two zero blocks. */
export function tarEnd(): Buffer {
  return Buffer.alloc(2 * BLOCK)
}

/** A file of an archive, read whole. */
export interface TarFile {
  name: string
  bytes: Buffer
}

function readOctal(h: Buffer, offset: number, length: number): number {
  const text = h
    .toString('latin1', offset, offset + length)
    .replace(/[\0 ]+$/, '')
    .trim()
  if (!/^[0-7]*$/.test(text))
    throw new UserError(`tar: invalid number in header: ${JSON.stringify(text)}`)
  return text === '' ? 0 : Number.parseInt(text, 8)
}

function readName(h: Buffer): string {
  const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '')
  const prefix = h.toString('latin1', 257, 262) === 'ustar' ? h.toString('utf8', 345, 500) : ''
  const p = prefix.replace(/\0.*$/s, '')
  return p ? `${p}/${name}` : name
}

/** The files of an archive stream (after gunzip), one at a time, each checked against its header. */
export async function* readTar(stream: Readable): AsyncGenerator<TarFile> {
  let held: Buffer = Buffer.alloc(0)
  const chunks = stream[Symbol.asyncIterator]()
  /** The next `n` bytes, or undefined at the stream's end. */
  const take = async (n: number): Promise<Buffer | undefined> => {
    while (held.length < n) {
      const r = await chunks.next()
      if (r.done) return undefined
      held = held.length === 0 ? (r.value as Buffer) : Buffer.concat([held, r.value as Buffer])
    }
    const out = held.subarray(0, n)
    held = held.subarray(n)
    return out
  }
  for (;;) {
    const h = await take(BLOCK)
    if (!h) throw new UserError('tar: unexpected end of archive (no end blocks)')
    if (h.every((b) => b === 0)) return
    let sum = 0
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!
    if (sum !== readOctal(h, 148, 8)) throw new UserError('tar: invalid header checksum')
    const type = h[156]!
    if (type !== 0x30 && type !== 0) {
      throw new UserError(
        `tar: ${readName(h)} is not a regular file (type ${String.fromCharCode(type)})`,
      )
    }
    const size = readOctal(h, 124, 12)
    const bytes = await take(size)
    if (!bytes) throw new UserError(`tar: unexpected end of archive in ${readName(h)}`)
    const pad = (BLOCK - (size % BLOCK)) % BLOCK
    if (pad > 0 && !(await take(pad))) throw new UserError('tar: unexpected end of archive')
    yield { name: readName(h), bytes: Buffer.from(bytes) }
  }
}
