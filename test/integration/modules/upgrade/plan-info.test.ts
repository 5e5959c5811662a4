import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'
import {
  parsePlanInfo,
  validateBinaries,
  validatePlanInfoFull,
  validateUrl,
} from '../../../../src/modules/upgrade/plan-info.js'
import { cleanupAfterEach } from '../../../helpers/cleanup.js'
import { tempDir } from '../../../helpers/temp-dir.js'

const cleanups = cleanupAfterEach()

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex')
const EMPTY_SHA = sha256('')

async function dir(): Promise<string> {
  const t = await tempDir('sdkd-plan-info-')
  cleanups.push(t.cleanup)
  return t.dir
}

describe('upgrade plan info (--upgrade-info)', () => {
  test('behavior: inline JSON parses into the binaries map; {} has none', async () => {
    const info = await parsePlanInfo('{"binaries":{"os1/arch1":"url1","os2/arch2":"url2"}}')
    expect(Object.keys(info.binaries!)).toHaveLength(2)
    expect(await parsePlanInfo('{}')).toEqual({})
  })

  test('error: blank, wrongly typed and unparsable info have the upstream messages', async () => {
    await expect(parsePlanInfo('   ')).rejects.toThrow('plan info must not be blank')
    await expect(parsePlanInfo('{"binaries":["foo","bar"]}')).rejects.toThrow(
      'could not parse plan info: json: cannot unmarshal array into Go struct field Info.binaries',
    )
    await expect(parsePlanInfo('{"binaries":{"linux/amd64":1}}')).rejects.toThrow(
      'cannot unmarshal number into Go struct field Info.binaries',
    )
    await expect(parsePlanInfo('{nope')).rejects.toThrow('could not parse plan info')
  })

  test('behavior: a URL is downloaded (checksum checked) and its JSON used', async () => {
    const d = await dir()
    const body = '{"binaries":{"any":"https://example.com/sdkd.zip?checksum=sha256:aa"}}'
    await writeFile(join(d, 'info.json'), body)
    const url = `${pathToFileURL(join(d, 'info.json')).href}?checksum=sha256:${sha256(body)}`
    expect(await parsePlanInfo(url)).toEqual(JSON.parse(body))
    const missing = `file:///this/file/does/not/exist?checksum=sha256:${EMPTY_SHA}`
    await expect(parsePlanInfo(missing)).rejects.toThrow(`could not download url "${missing}"`)
    await expect(
      parsePlanInfo(`${pathToFileURL(join(d, 'info.json')).href}`, { enforceChecksum: true }),
    ).rejects.toThrow('missing checksum query parameter')
  })

  test('error: the binaries map needs entries, os/arch or any keys, valid URLs with checksums', () => {
    expect(() => validateBinaries({})).toThrow('no "binaries" entries found')
    expect(() => validateBinaries({ '': 'https://a/b?checksum=sha256:aa' })).toThrow(
      'invalid os/arch format in key ""',
    )
    expect(() => validateBinaries({ badkey: 'https://a/b?checksum=sha256:aa' })).toThrow(
      'invalid os/arch format in key "badkey"',
    )
    expect(() => validateBinaries({ any: 'https://a/b?checksum=sha256:aa' })).not.toThrow()
    expect(() =>
      validateBinaries({ 'darwin/amd64': 'https://a/b?checksum=sha256:aa' }),
    ).not.toThrow()
    expect(() =>
      validateBinaries({ 'linux/arm64': 'https://h:not-a-port/sdk?checksum=x' }),
    ).toThrow(
      'invalid url "https://h:not-a-port/sdk?checksum=x" in binaries[linux/arm64]: parse "https://h:not-a-port/sdk?checksum=x": invalid port ":not-a-port" after host',
    )
    expect(() => validateBinaries({ 'linux/arm64': 'https://a/b' })).toThrow(
      'in binaries[linux/arm64]: missing checksum query parameter',
    )
    expect(() => validateBinaries({ 'linux/arm64': 'https://a/b' }, false)).not.toThrow()
    expect(() => validateUrl('https://a/b?checksum=sha256:aa', true)).not.toThrow()
  })

  test('behavior: ValidateFull downloads every binary and verifies its checksum', async () => {
    const d = await dir()
    await writeFile(join(d, 'sdkd'), 'binary')
    const asked: string[] = []
    const server = createServer((req, res) => {
      asked.push(req.url ?? '')
      if (req.url?.startsWith('/sdkd')) res.end('binary')
      else res.writeHead(404).end()
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    cleanups.push(() => new Promise<void>((r) => server.close(() => r())))
    const port = (server.address() as AddressInfo).port
    const good = sha256('binary')
    await validatePlanInfoFull(
      {
        binaries: {
          'linux/amd64': `http://127.0.0.1:${port}/sdkd?checksum=sha256:${good}`,
          any: `${pathToFileURL(join(d, 'sdkd')).href}?checksum=sha256:${good}`,
        },
      },
      true,
      'sdkd',
    )
    // go-getter's parameters stay on this side: the server is asked for the path alone.
    asked.length = 0
    await validatePlanInfoFull(
      { binaries: { any: `http://127.0.0.1:${port}/sdkd?archive=false&checksum=sha256:${good}` } },
      true,
      'sdkd',
    )
    expect(asked).toEqual(['/sdkd'])
    await expect(
      validatePlanInfoFull(
        {
          binaries: { 'linux/amd64': `http://127.0.0.1:${port}/sdkd?checksum=sha256:${EMPTY_SHA}` },
        },
        true,
        'sdkd',
      ),
    ).rejects.toThrow(
      `error downloading binary for os/arch linux/amd64: Checksums did not match for sdkd.\nExpected: ${EMPTY_SHA}`,
    )
    await expect(
      validatePlanInfoFull(
        { binaries: { any: `file:///nope/sdkd?checksum=sha256:${good}` } },
        true,
        'sdkd',
      ),
    ).rejects.toThrow(
      'error downloading binary for os/arch any: stat /nope/sdkd: no such file or directory',
    )
  })
})
