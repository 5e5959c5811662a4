import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { zipSync } from 'fflate'
import { afterEach, describe, expect, test } from 'vitest'
import { archiveKind, checkUpgradeDownload, tarEntries } from './upgrade-download.js'

const TAR = ['/usr/bin/tar', '/bin/tar'].find((p) => existsSync(p))
if (!TAR) console.log('upgrade-download.test: no tar on this machine; the tar cases are skipped')

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

/** A .tar.gz by GNU tar of the files given (path → content; a path ending in / is a directory). */
async function tarGz(files: Record<string, string>, flags: string[] = []): Promise<Uint8Array> {
  const d = await mkdtemp(join(tmpdir(), 'sdkd-upgrade-download-'))
  dirs.push(d)
  const src = join(d, 'src')
  await mkdir(src)
  for (const [path, content] of Object.entries(files)) {
    if (path.endsWith('/')) await mkdir(join(src, path), { recursive: true })
    else {
      await mkdir(join(src, path, '..'), { recursive: true })
      await writeFile(join(src, path), content)
    }
  }
  const out = join(d, 'a.tar.gz')
  execFileSync(TAR!, ['-czf', out, ...flags, '-C', src, '--no-recursion', ...Object.keys(files)])
  return new Uint8Array(await readFile(out))
}

/** The target of a URL as the plan's validation hands it over. */
function target(url: string) {
  const u = new URL(url)
  return { url, path: u.pathname, query: u.searchParams }
}

const URL_TGZ = 'https://example.com/v2/sdkd-v2-linux-amd64.tar.gz?checksum=sha256:00'

describe("an upgrade binary's download unpacked as upstream's DownloadUpgrade", () => {
  test('behavior: the archive kind from the extension (the longest) or the archive parameter', () => {
    expect(archiveKind(target('https://e/x/sdkd'))).toBeUndefined()
    expect(archiveKind(target('https://e/x/sdkd.tar.gz?checksum=a'))).toBe('tar.gz')
    expect(archiveKind(target('https://e/x/sdkd.tgz'))).toBe('tgz')
    expect(archiveKind(target('https://e/x/sdkd.gz'))).toBe('gz')
    expect(archiveKind(target('https://e/x/sdkd.zip'))).toBe('zip')
    expect(archiveKind(target('https://e/x/sdkd.tar.gz?archive=false'))).toBeUndefined()
    expect(archiveKind(target('https://e/x/sdkd?archive=zip'))).toBe('zip')
    expect(() => archiveKind(target('https://e/x/sdkd?archive=rar'))).toThrow(
      'unknown archive type: rar',
    )
  })

  test.skipIf(!TAR)(
    'behavior: bin/<daemon>, <daemon> at the root, or a single file pass',
    async () => {
      const withBin = await tarGz({ 'bin/': '', 'bin/sdkd': 'elf', 'README.md': 'r' })
      expect(checkUpgradeDownload(target(URL_TGZ), withBin, 'sdkd')).toBe(true)
      // Paths as `tar -C dir .` writes them.
      const dotted = await tarGz({ './bin/': '', './bin/sdkd': 'elf', './README.md': 'r' })
      expect(checkUpgradeDownload(target(URL_TGZ), dotted, 'sdkd')).toBe(true)
      const atRoot = await tarGz({ sdkd: 'elf', LICENSE: 'l' })
      expect(checkUpgradeDownload(target(URL_TGZ), atRoot, 'sdkd')).toBe(true)
      // go-getter's file mode: one file, whatever its name, is the binary.
      const single = await tarGz({ 'gaiad-v2': 'elf' })
      expect(checkUpgradeDownload(target(URL_TGZ), single, 'sdkd')).toBe(true)
      // A plain file, or a format Node cannot read: nothing unpacked.
      expect(checkUpgradeDownload(target('https://e/x/sdkd'), withBin, 'sdkd')).toBe(false)
      expect(checkUpgradeDownload(target('https://e/x/sdkd.tar.xz'), withBin, 'sdkd')).toBe(false)
    },
  )

  test.skipIf(!TAR)(
    'error: an archive without bin/<daemon> or <daemon>, named as upstream',
    async () => {
      const other = await tarGz({ 'bin/': '', 'bin/gaiad': 'elf', 'README.md': 'r' })
      expect(() => checkUpgradeDownload(target(URL_TGZ), other, 'sdkd')).toThrow(
        `url "${URL_TGZ}" result does not contain a bin/sdkd or sdkd file`,
      )
      expect(checkUpgradeDownload(target(URL_TGZ), other, 'gaiad')).toBe(true)
      // bin/sdkd a directory is not the binary.
      const dir = await tarGz({ 'bin/sdkd/': '', 'bin/sdkd/x': 'elf' })
      expect(() => checkUpgradeDownload(target(URL_TGZ), dir, 'sdkd')).toThrow(
        'result does not contain a bin/sdkd or sdkd file',
      )
    },
  )

  test.skipIf(!TAR)(
    "behavior: GNU long names and PAX paths are read as Go's archive/tar reads them",
    async () => {
      const long = `${'d'.repeat(120)}/file`
      for (const format of ['gnu', 'posix']) {
        const tgz = await tarGz(
          { [`${'d'.repeat(120)}/`]: '', [long]: 'x', 'bin/': '', 'bin/sdkd': 'elf' },
          [`--format=${format}`],
        )
        const names = tarEntries(new Uint8Array(gunzipSync(tgz))).map((e) => e.name)
        expect(names, format).toContain(long)
        expect(names, format).toContain('bin/sdkd')
        expect(checkUpgradeDownload(target(URL_TGZ), tgz, 'sdkd'), format).toBe(true)
      }
    },
  )

  test('behavior and error: zip archives, a parent path, an empty archive, bad gzip', () => {
    const elf = new TextEncoder().encode('elf')
    const zipUrl = 'https://e/x/sdkd.zip?checksum=sha256:00'
    expect(
      checkUpgradeDownload(target(zipUrl), zipSync({ 'bin/sdkd': elf, 'a.txt': elf }), 'sdkd'),
    ).toBe(true)
    expect(() =>
      checkUpgradeDownload(target(zipUrl), zipSync({ 'bin/x': elf, 'a.txt': elf }), 'sdkd'),
    ).toThrow(`url "${zipUrl}" result does not contain a bin/sdkd or sdkd file`)
    expect(() =>
      checkUpgradeDownload(target(zipUrl), zipSync({ '../sdkd': elf, 'a.txt': elf }), 'sdkd'),
    ).toThrow("entry contains '..': ../sdkd")
    const emptyTar = gzipSync(Buffer.alloc(1024))
    expect(() => checkUpgradeDownload(target(URL_TGZ), emptyTar, 'sdkd')).toThrow(
      'empty archive: sdkd-v2-linux-amd64.tar.gz',
    )
    expect(() =>
      checkUpgradeDownload(target(URL_TGZ), new TextEncoder().encode('not gzip'), 'sdkd'),
    ).toThrow('gzip: invalid header')
    expect(checkUpgradeDownload(target('https://e/x/sdkd.gz'), gzipSync(elf), 'sdkd')).toBe(true)
  })
})
