import { execFileSync } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, test } from 'vitest'
import { type TempDir, tempDir } from '../../test/helpers/temp-dir.js'
import { readTar, type TarFile, tarEnd, tarHeader, tarPadding } from './tar-archive.js'

const dirs: TempDir[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await d.cleanup()
})

function archiveOf(files: { name: string; bytes: Buffer }[]): Buffer {
  const parts: Buffer[] = []
  for (const f of files)
    parts.push(tarHeader(f.name, f.bytes.length), f.bytes, tarPadding(f.bytes.length))
  parts.push(tarEnd())
  return Buffer.concat(parts)
}

/** Reads an archive fed in pieces of `piece` bytes (the reader must not depend on the cuts). */
async function readAll(archive: Buffer, piece = 700): Promise<TarFile[]> {
  const pieces: Buffer[] = []
  for (let i = 0; i < archive.length; i += piece) pieces.push(archive.subarray(i, i + piece))
  const out: TarFile[] = []
  for await (const f of readTar(Readable.from(pieces))) out.push(f)
  return out
}

const FILES = [
  { name: '_snapshot', bytes: Buffer.from('metadata') },
  { name: '0', bytes: Buffer.alloc(1024, 7) },
  { name: '1', bytes: Buffer.alloc(0) },
  { name: '2', bytes: Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251)) },
]

describe('ustar archives', () => {
  test('what the writer writes reads back, in any cut of the stream', async () => {
    const archive = archiveOf(FILES)
    expect(archive.length % 512).toBe(0)
    for (const piece of [1, 511, 700, archive.length])
      expect(await readAll(archive, piece)).toEqual(FILES)
  })

  test('GNU tar lists and extracts what the writer writes, and the reader reads what GNU tar writes', async () => {
    const d = await tempDir('sdkd-tar-')
    dirs.push(d)
    const ours = join(d.dir, 'ours.tar')
    await writeFile(ours, archiveOf(FILES))
    const listed = execFileSync('tar', ['-tvf', ours], { encoding: 'utf8' }).trim().split('\n')
    expect(listed.map((l) => l.split(/\s+/).slice(2, 3).concat(l.split(/\s+/).at(-1)!))).toEqual(
      FILES.map((f) => [String(f.bytes.length), f.name]),
    )
    expect(listed.every((l) => l.startsWith('-rw-r--r--'))).toBe(true)
    const out = join(d.dir, 'out')
    await mkdir(out)
    execFileSync('tar', ['-xf', ours, '-C', out])
    for (const f of FILES) expect(await readFile(join(out, f.name))).toEqual(f.bytes)

    const src = join(d.dir, 'src')
    await mkdir(src)
    for (const f of FILES) await writeFile(join(src, f.name), f.bytes)
    const theirs = join(d.dir, 'theirs.tar')
    execFileSync('tar', ['--format=ustar', '-cf', theirs, '-C', src, ...FILES.map((f) => f.name)])
    expect(await readAll(await readFile(theirs))).toEqual(FILES)
  })

  test('refusals: a cut archive, a bad checksum, a file that is not a regular file', async () => {
    const archive = archiveOf(FILES)
    await expect(readAll(archive.subarray(0, 1024 + 512 + 100))).rejects.toThrow(
      'tar: unexpected end of archive in 0',
    )
    await expect(readAll(archive.subarray(0, archive.length - 1024))).rejects.toThrow(
      'tar: unexpected end of archive (no end blocks)',
    )
    const bad = Buffer.from(archive)
    bad[10] = 0x41
    await expect(readAll(bad)).rejects.toThrow('tar: invalid header checksum')
    const dir = tarHeader('d', 0)
    dir[156] = 0x35
    let sum = 0
    dir.fill(0x20, 148, 156)
    for (const b of dir) sum += b
    dir.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1')
    await expect(readAll(Buffer.concat([dir, tarEnd()]))).rejects.toThrow(
      'tar: d is not a regular file (type 5)',
    )
  })
})
