import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../../../test/helpers/cleanup.js'
import { tempDir } from '../../../test/helpers/temp-dir.js'
import {
  parseUpgradeInfo,
  readUpgradeInfo,
  upgradeInfoJson,
  writeUpgradeInfo,
} from './upgrade-info.js'

const cleanups = cleanupAfterEach()

async function infoPath(): Promise<string> {
  const t = await tempDir('sdkd-upgrade-info-')
  cleanups.push(t.cleanup)
  return join(t.dir, 'data', 'upgrade-info.json')
}

describe('upgrade-info.json', () => {
  test('behavior: no file reads as no plan', async () => {
    expect(await readUpgradeInfo(await infoPath())).toBeUndefined()
  })

  test('behavior: the dump holds the block height given, Go JSON bytes, mode 0600; a rewrite replaces it', async () => {
    const path = await infoPath()
    await writeUpgradeInfo(path, 101, { name: 'test_upgrade', info: '' })
    expect(await readFile(path, 'utf8')).toBe(
      '{"name":"test_upgrade","time":"0001-01-01T00:00:00Z","height":101}',
    )
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect(await readUpgradeInfo(path)).toEqual({ name: 'test_upgrade', height: 101, info: '' })
    const info = '{"binaries":{"linux/amd64":"https://x.example/sdkd?checksum=sha256:ab&v=<1>"}}'
    await writeUpgradeInfo(path, 22, { name: 'v2', info })
    expect(await readFile(path, 'utf8')).toBe(
      '{"name":"v2","time":"0001-01-01T00:00:00Z","height":22,"info":"{\\"binaries\\":{\\"linux/amd64\\":\\"https://x.example/sdkd?checksum=sha256:ab\\u0026v=\\u003c1\\u003e\\"}}"}',
    )
    expect((await readUpgradeInfo(path))?.info).toBe(info)
  })

  test('error: an invalid file fails with the upstream validation or Go JSON message', async () => {
    const path = await infoPath()
    await writeUpgradeInfo(path, 101, { name: '', info: '' })
    expect(await readFile(path, 'utf8')).toBe('{"time":"0001-01-01T00:00:00Z","height":101}')
    await expect(readUpgradeInfo(path)).rejects.toThrow('name cannot be empty: invalid request')
    expect(() => parseUpgradeInfo('{"name":"upgrade2"}')).toThrow(
      'height must be greater than 0: invalid request',
    )
    expect(() => parseUpgradeInfo('{"height":"100","name":"x"}')).toThrow(
      'json: cannot unmarshal string into Go struct field Plan.height of type int64',
    )
    expect(() => parseUpgradeInfo('{"name":"x","height":5,"info":123}')).toThrow(
      'json: cannot unmarshal number into Go struct field Plan.info of type string',
    )
    await writeFile(path, '')
    await expect(readUpgradeInfo(path)).rejects.toThrow('unexpected end of JSON input')
    expect(parseUpgradeInfo('{"name": "upgrade1", "info": "some info", "height": 123}')).toEqual({
      name: 'upgrade1',
      height: 123,
      info: 'some info',
    })
  })

  test('behavior: empty name and zero height are omitted, as Go omitempty does', () => {
    expect(upgradeInfoJson({ name: 'a', height: 0, info: '' })).toBe(
      '{"name":"a","time":"0001-01-01T00:00:00Z"}',
    )
  })
})
