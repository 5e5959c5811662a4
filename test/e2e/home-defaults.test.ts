import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { cleanupAfterEach } from '../helpers/cleanup.js'
import { createDevnetHome } from '../helpers/devnet.js'
import { initHome, LOOPBACK_PORTS, runSdkd, type SdkdProcess, startSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * What a start takes from the home when nothing says otherwise: the app version that last ran it,
 * and upstream's defaults for config files that are missing or leave settings out.
 */

const cleanups = cleanupAfterEach()

// No fixed port: gRPC and Prometheus off, RPC and REST on ports the OS picks.
const PORTS = [...LOOPBACK_PORTS, '--grpc.enable=false', '--instrumentation.prometheus=false']

/** `sdkd start` on the home until its first committed block; the process and its warn lines. */
async function startOnce(dir: string, global: string[] = []): Promise<SdkdProcess> {
  const p = startSdkd(['--home', dir, ...global, 'start', ...PORTS, '--timeout-commit', '100ms'])
  cleanups.push(() => p.stop('SIGKILL'))
  await p.waitForLog((l) => l.msg === 'committed block')
  expect(await p.stop()).toEqual({ code: 0, signal: null })
  return p
}

const started = (p: SdkdProcess) => p.logs().find((l) => l.msg === 'node started')
const warnings = (p: SdkdProcess) =>
  p
    .logs()
    .filter((l) => l.level === 'warn' || l.level === 40)
    .map((l) => String(l.msg))

async function devnetHome(appVersion = 'v2'): Promise<string> {
  const h = await createDevnetHome('home-defaults', {}, appVersion)
  cleanups.push(h.cleanup)
  return h.dir
}

describe('the app version a start runs', () => {
  test('behavior: a v1 devnet home restarted without --app-version runs v1; --app-version v2 runs v2 with a warning, and the home is v2’s from then on', async () => {
    const dir = await devnetHome('v1')
    // The first start: the version that created the home.
    let p = await startOnce(dir)
    expect(started(p)?.app_version).toBe('v1')
    // Restarted: the version that last ran it.
    p = await startOnce(dir)
    expect(started(p)?.app_version).toBe('v1')
    expect(warnings(p)).toEqual([])

    p = await startOnce(dir, ['--app-version', 'v2'])
    expect(started(p)?.app_version).toBe('v2')
    expect(warnings(p)).toEqual([
      'running app version v2 on a chain last run by v1 without the v1→v2 upgrade: its migrations have not run. ' +
        'Once v2 commits a block the home belongs to it (v1 can no longer run it), and a v2 upgrade plan scheduled on this chain halts it with BINARY UPDATED BEFORE TRIGGER. ' +
        'To upgrade, run v1 until the upgrade halt, then v2',
    ])
    expect(await readFile(join(dir, 'config/sdkd.toml'), 'utf8')).toContain(
      'last-run-app-version = "v2"\n',
    )
    p = await startOnce(dir)
    expect(started(p)?.app_version).toBe('v2')
    expect(warnings(p)).toEqual([])
  })

  test('behavior: $SDKD_APP_VERSION chooses as --app-version does; a home v1 created but never ran warns with "created by"', async () => {
    const dir = await devnetHome('v1')
    const p = startSdkd(['--home', dir, 'start', ...PORTS], { env: { SDKD_APP_VERSION: 'v2' } })
    cleanups.push(() => p.stop('SIGKILL'))
    const line = await p.waitForLog((l) => l.msg === 'node started')
    expect(line.app_version).toBe('v2')
    expect(warnings(p)[0]).toMatch(/^running app version v2 on a chain created by v1 without/)
    await p.stop()
  })
})

describe('config files at start', () => {
  test('behavior: a missing app.toml and client.toml are written with the defaults’ bytes and logged; in a devnet home the devnet settings they leave off are named', async () => {
    const dir = await devnetHome()
    const plain = await tempDir()
    cleanups.push(plain.cleanup)
    await initHome(plain.dir, ['--chain-id', 'home-defaults'])
    await rm(join(dir, 'config/app.toml'))
    await rm(join(dir, 'config/client.toml'))

    const p = await startOnce(dir)
    expect(warnings(p)).toEqual([
      'config/app.toml was missing: wrote the default one',
      'config/client.toml was missing: wrote the default one',
      "devnet home: config/app.toml leaves the REST API (api.enable), the dashboard (api.dashboard) and the dev API (dev.enable) off, at upstream's default; set api.enable = true, api.dashboard = true, dev.enable = true in config/app.toml, or start with --api.enable --api.dashboard --dev.enable",
    ])
    expect(
      p.logs().find((l) => l.msg === 'config/app.toml was missing: wrote the default one')?.file,
    ).toBe(join(dir, 'config/app.toml'))
    // The bytes `sdkd init` (no --devnet) writes.
    for (const file of ['config/app.toml', 'config/client.toml'])
      expect(await readFile(join(dir, file), 'utf8')).toBe(
        await readFile(join(plain.dir, file), 'utf8'),
      )
    // Written once: the next start finds them.
    const again = await startOnce(dir)
    expect(warnings(again).filter((w) => w.includes('was missing'))).toEqual([])
  })

  test('behavior: an empty or partial app.toml keeps upstream’s defaults; a devnet home warns which devnet settings that leaves off, a flag or the file’s own value silences it', async () => {
    const dir = await devnetHome()
    const app = join(dir, 'config/app.toml')
    await writeFile(app, '')
    let p = await startOnce(dir)
    expect(warnings(p)).toEqual([
      "devnet home: config/app.toml leaves the REST API (api.enable), the dashboard (api.dashboard) and the dev API (dev.enable) off, at upstream's default; set api.enable = true, api.dashboard = true, dev.enable = true in config/app.toml, or start with --api.enable --api.dashboard --dev.enable",
    ])
    expect(p.logs().some((l) => l.msg === 'serving REST API')).toBe(false)

    await writeFile(app, '[api]\nenable = true\n[dev]\nenable = false\n')
    p = await startOnce(dir)
    expect(warnings(p)).toEqual([
      "devnet home: config/app.toml leaves the dashboard (api.dashboard) off, at upstream's default; set api.dashboard = true in config/app.toml, or start with --api.dashboard",
    ])
    expect(p.logs().some((l) => l.msg === 'serving REST API')).toBe(true)

    p = startSdkd(['--home', dir, 'start', ...PORTS, '--api.dashboard'])
    cleanups.push(() => p.stop('SIGKILL'))
    await p.waitForLog((l) => l.msg === 'node started')
    expect(warnings(p)).toEqual([])
    await p.stop()
  })

  test('behavior: a home made without --devnet gets no devnet warning for an empty app.toml', async () => {
    const t = await tempDir()
    cleanups.push(t.cleanup)
    await initHome(t.dir)
    await writeFile(join(t.dir, 'config/app.toml'), '')
    const p = await startOnce(t.dir)
    expect(warnings(p)).toEqual([])
  })

  test('error: an unterminated string in app.toml names the file, the line and the missing quote; exit 1', async () => {
    const dir = await devnetHome()
    await writeFile(
      join(dir, 'config/app.toml'),
      '[api]\nenable = true\naddress = "tcp://0.0.0.0:1317\nswagger = true\n',
    )
    const r = await runSdkd(['--home', dir, 'start', ...PORTS])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      'Error: config/app.toml: invalid TOML at line 3, column 11: the string starting here is not terminated (its closing " is missing before the end of the line)',
    )
    await writeFile(join(dir, 'config/app.toml'), '')
    await writeFile(join(dir, 'config/config.toml'), "moniker = 'x\n")
    const c = await runSdkd(['--home', dir, 'start', ...PORTS])
    expect(c.code).toBe(1)
    expect(c.stderr).toContain(
      "Error: config/config.toml: invalid TOML at line 1, column 11: the string starting here is not terminated (its closing ' is missing before the end of the line)",
    )
  })
})
