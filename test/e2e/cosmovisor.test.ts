import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs'
import { cp, mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { type Cleanups, cleanupAfterEach } from '../helpers/cleanup.js'
import {
  appNode,
  COSMOVISOR,
  cosmovisorEnv,
  cosmovisorMessages,
  createCosmovisorHome,
  START_ARGS,
  startCosmovisor,
  wrapperScript,
  writeExecutable,
} from '../helpers/cosmovisor.js'
import { type DevnetHome, heightOf, type RunningNode, rest } from '../helpers/devnet.js'
import { getJson, runCommand, type SdkdProcess, startSdkd, waitFor } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { governorOf, upgradeThroughGovernance } from '../helpers/upgrade-proposal.js'

/**
 * sdkd upgraded by real cosmovisor (the pinned upstream build): real `cosmovisor run start` and
 * `sdkd` processes on a devnet home laid out as docs/upgrades.md's cosmovisor recipe says. A governance
 * proposal passes on the running v1 node, v1 halts at the plan's height (exit 2,
 * `data/upgrade-info.json`), cosmovisor backs up data/, runs the custom pre-upgrade script, switches
 * `current` to `upgrades/v2`, runs `sdkd pre-upgrade` and relaunches: v2 applies the upgrade.
 */

const cleanups = cleanupAfterEach()

/** cosmovisor's messages (v1.5.0), as its README and code name them. */
const MESSAGES = [
  'running app',
  'daemon shutting down in an attempt to restart',
  'sent interrupt to app, waiting for exit',
  'app exited normally',
  'DAEMON_SHUTDOWN_GRACE exceeded, killing app',
  'starting to take backup of data directory',
  'backup completed',
  'looking for COSMOVISOR_CUSTOM_PREUPGRADE file',
  'COSMOVISOR_CUSTOM_PREUPGRADE result',
  'no upgrade binary found, beginning to download it',
  'downloading binary complete',
  'pre-upgrade result',
  'pre-upgrade successful. continuing the upgrade.',
  'upgrade detected, relaunching',
  'upgrade detected, DAEMON_RESTART_AFTER_UPGRADE is off. Verify new upgrade and start cosmovisor again.',
]

/** Waits until the node has applied the plan; the height it names. */
async function appliedHeight(node: RunningNode, name: string): Promise<string> {
  return waitFor(
    async () => {
      const { height } = await rest(node, `/sdk/upgrade/v1beta1/applied_plan/${name}`)
      return height === '0' ? undefined : height
    },
    40_000,
    `upgrade ${name} to be applied`,
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n--- output\n${node.p.output().slice(-4000)}`)
  })
}

async function heightsRise(node: RunningNode, past: number): Promise<number> {
  return waitFor(
    async () => {
      const h = await heightOf(node)
      return h > past ? h : undefined
    },
    20_000,
    `height above ${past}`,
  )
}

describe.skipIf(!COSMOVISOR.path)(`cosmovisor ${COSMOVISOR.version ?? ''} (e2e)`, () => {
  test('behavior: a passed upgrade proposal halts v1 at H; cosmovisor backs up data/, runs COSMOVISOR_CUSTOM_PREUPGRADE, switches current to upgrades/v2, runs sdkd pre-upgrade and relaunches; v2 applies the plan once and blocks continue', async () => {
    const home = await createCosmovisorHome(cleanups)
    // Not executable: cosmovisor adds the bit itself.
    await writeFile(
      join(home.root, 'preupgrade.sh'),
      '#!/bin/sh\necho "$1 $2 $(pwd)" > custom-preupgrade.txt\necho "custom step done for $1"\n',
      { mode: 0o644 },
    )
    const p = startCosmovisor(cleanups, home, { COSMOVISOR_CUSTOM_PREUPGRADE: 'preupgrade.sh' })
    const v1 = await appNode(p, 1)
    const H = await upgradeThroughGovernance(governorOf(home, v1), { name: 'v2', info: '{}' })

    const v2 = await appNode(p, 2)
    expect(await appliedHeight(v2, 'v2')).toBe(String(H))
    await heightsRise(v2, H + 2)

    const messages = cosmovisorMessages(p, MESSAGES)
    expect(messages).toEqual([
      'running app',
      'daemon shutting down in an attempt to restart',
      'starting to take backup of data directory',
      'backup completed',
      'looking for COSMOVISOR_CUSTOM_PREUPGRADE file',
      'COSMOVISOR_CUSTOM_PREUPGRADE result',
      'pre-upgrade result',
      'pre-upgrade successful. continuing the upgrade.',
      'upgrade detected, relaunching',
      'running app',
    ])
    const out = p.output()
    // v1 halted and waited (--upgrade-halt wait) until cosmovisor saw the file and stopped it.
    expect(out).toContain(`"msg":"UPGRADE \\"v2\\" NEEDED at height: ${H}: {}"`)
    expect(
      logsOf(p, 'halted for the upgrade: serving queries until stopped (--upgrade-halt wait)'),
    ).toEqual([expect.objectContaining({ height: H - 1 })])
    expect(out).toMatch(
      new RegExp(`INF running app args=\\["start".*path=${home.root}/genesis/bin/sdkd`),
    )
    expect(out).toMatch(
      new RegExp(`INF running app args=\\["start".*path=${home.root}/upgrades/v2/bin/sdkd`),
    )
    expect(out).toMatch(
      new RegExp(
        `INF pre-upgrade result module=cosmovisor result="app version v2 is ready to apply upgrade \\\\"v2\\\\" at height ${H} \\(the chain halted at ${H - 1}\\)\\\\n"`,
      ),
    )
    expect(out).toMatch(
      new RegExp(
        `INF COSMOVISOR_CUSTOM_PREUPGRADE result argv1=v2 argv2=${H} command=${home.root}/preupgrade.sh`,
      ),
    )
    // The script ran in DAEMON_HOME with the plan's name and height.
    expect(readFileSync(join(home.dir, 'custom-preupgrade.txt'), 'utf8')).toBe(
      `v2 ${H} ${home.dir}\n`,
    )
    expect(statSync(join(home.root, 'preupgrade.sh')).mode & 0o100).toBe(0o100)

    // current points at the upgrade, which holds cosmovisor's copy of the plan.
    expect(readlinkSync(join(home.root, 'current'))).toBe(join(home.root, 'upgrades/v2'))
    // cosmovisor's own JSON of the plan (Go's encoding of upgrade.v1beta1.Plan).
    expect(readFileSync(join(home.root, 'upgrades/v2/upgrade-info.json'), 'utf8')).toBe(
      `{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H},"info":"{}"}`,
    )
    // The bytes x/upgrade writes (docs/upgrades.md, "What happens at the height").
    expect(readFileSync(join(home.dir, 'data/upgrade-info.json'), 'utf8')).toBe(
      `{"name":"v2","time":"0001-01-01T00:00:00Z","height":${H},"info":"{}"}`,
    )
    // The backup: a copy of data/ as it was at the halt, in DAEMON_HOME (the default backup dir).
    const backups = readdirSync(home.dir).filter((f) => f.startsWith('data-backup-'))
    expect(backups).toHaveLength(1)
    expect(backups[0]).toMatch(/^data-backup-\d{4}-\d{1,2}-\d{1,2}$/)
    const backup = join(home.dir, backups[0]!)
    expect(existsSync(join(backup, 'application.db/CURRENT'))).toBe(true)
    expect(readFileSync(join(backup, 'upgrade-info.json'), 'utf8')).toBe(
      readFileSync(join(home.dir, 'data/upgrade-info.json'), 'utf8'),
    )

    // Applied once: one "applying" line in all the output; v2's module versions.
    expect(out.split(`applying upgrade \\"v2\\" at height: ${H}`).length - 1).toBe(1)
    expect(
      (await rest(v2, '/sdk/upgrade/v1beta1/module_versions?module_name=consensus'))
        .module_versions,
    ).toEqual([{ name: 'consensus', version: '1' }])

    // A restart of cosmovisor runs v2 (current) and applies nothing again: no backup, no switch.
    const blocksBefore = await heightOf(v2)
    await p.stop('SIGINT')
    const again = startCosmovisor(cleanups, home)
    const v2again = await appNode(again, 1)
    await heightsRise(v2again, blocksBefore + 2)
    expect(cosmovisorMessages(again, MESSAGES)).toEqual(['running app'])
    expect(again.output()).toMatch(new RegExp(`path=${home.root}/upgrades/v2/bin/sdkd`))
    expect(again.output()).not.toContain('applying upgrade')
    expect(await appliedHeight(v2again, 'v2')).toBe(String(H))
    expect(readdirSync(home.dir).filter((f) => f.startsWith('data-backup-'))).toEqual(backups)
  }, 120_000)

  test('behavior: DAEMON_ALLOW_DOWNLOAD_BINARIES=true: the binary the plan names (a local HTTP server, ?checksum=sha256:…) is downloaded, verified and run', async () => {
    const home = await createCosmovisorHome(cleanups, {})
    const served = await serveBinary(cleanups, wrapperScript('v2'))
    const p = startCosmovisor(cleanups, home, { DAEMON_ALLOW_DOWNLOAD_BINARIES: 'true' })
    const v1 = await appNode(p, 1)
    const H = await upgradeThroughGovernance(governorOf(home, v1), {
      name: 'v2',
      info: binariesInfo(served.url, served.sha256),
    })
    const v2 = await appNode(p, 2)
    expect(await appliedHeight(v2, 'v2')).toBe(String(H))
    expect(cosmovisorMessages(p, MESSAGES)).toEqual([
      'running app',
      'daemon shutting down in an attempt to restart',
      'starting to take backup of data directory',
      'backup completed',
      'no upgrade binary found, beginning to download it',
      'downloading binary complete',
      'pre-upgrade result',
      'pre-upgrade successful. continuing the upgrade.',
      'upgrade detected, relaunching',
      'running app',
    ])
    // One check of every listed binary, then the download of this machine's.
    expect(served.gets()).toBe(2)
    const bin = join(home.root, 'upgrades/v2/bin/sdkd')
    expect(readFileSync(bin, 'utf8')).toBe(wrapperScript('v2'))
    expect(statSync(bin).mode & 0o111).toBe(0o111)
    await heightsRise(v2, H + 2)
  }, 120_000)

  test('error: a wrong checksum: cosmovisor refuses the download and exits 1, the halted node loses nothing, and the right binary put in place by hand then upgrades it', async () => {
    const home = await createCosmovisorHome(cleanups, {})
    const served = await serveBinary(cleanups, wrapperScript('v2'))
    const wrong = createHash('sha256').update('something else').digest('hex')
    const p = startCosmovisor(cleanups, home, {
      DAEMON_ALLOW_DOWNLOAD_BINARIES: 'true',
      UNSAFE_SKIP_BACKUP: 'true',
    })
    const v1 = await appNode(p, 1)
    const H = await upgradeThroughGovernance(governorOf(home, v1), {
      name: 'v2',
      info: binariesInfo(served.url, wrong),
    })
    const before = (await rest(v1, `/sdk/base/tendermint/v1beta1/blocks/${H - 1}`)).block_id.hash
    expect((await p.exited).code).toBe(1)
    // cosmovisor checks every binary the plan lists (a download into a temporary directory) before
    // it looks for the upgrade's own.
    expect(p.output()).toContain(
      ` ERR error="invalid binaries: error downloading binary for os/arch ${binaryKey()}: Checksums did not match for `,
    )
    expect(p.output()).toContain(`\\nExpected: ${wrong}\\nGot: ${served.sha256}\\n`)
    expect(cosmovisorMessages(p, MESSAGES)).toEqual([
      'running app',
      'daemon shutting down in an attempt to restart',
    ])
    expect(served.gets()).toBe(1)
    expect(logsOf(p, 'serving CometBFT RPC')).toHaveLength(1)
    // Still on genesis; the halted chain is as it was: the plan and the file, nothing of block H.
    expect(readlinkSync(join(home.root, 'current'))).toBe(join(home.root, 'genesis'))
    expect(readFileSync(join(home.dir, 'data/upgrade-info.json'), 'utf8')).toContain(
      `"height":${H}`,
    )

    // The operator puts the right binary in place (the refused download left nothing there) and
    // starts cosmovisor again: it switches, and v2 applies the upgrade on the same chain.
    expect(existsSync(join(home.root, 'upgrades/v2'))).toBe(false)
    await mkdir(join(home.root, 'upgrades/v2/bin'), { recursive: true })
    await writeExecutable(join(home.root, 'upgrades/v2/bin/sdkd'), wrapperScript('v2'))
    const again = startCosmovisor(cleanups, home, { UNSAFE_SKIP_BACKUP: 'true' })
    const v2 = await appNode(again, 2)
    expect(await appliedHeight(v2, 'v2')).toBe(String(H))
    expect((await rest(v2, `/sdk/base/tendermint/v1beta1/blocks/${H - 1}`)).block_id.hash).toBe(
      before,
    )
    await heightsRise(v2, H + 2)
  }, 120_000)

  test('behavior: DAEMON_RESTART_AFTER_UPGRADE=false: cosmovisor switches and exits 0 (UNSAFE_SKIP_BACKUP=true: no backup); started again it runs v2, which applies the upgrade', async () => {
    const home = await createCosmovisorHome(cleanups)
    // A grace period: cosmovisor interrupts the halted node and waits for it, instead of SIGKILL.
    const p = startCosmovisor(cleanups, home, {
      DAEMON_RESTART_AFTER_UPGRADE: 'false',
      UNSAFE_SKIP_BACKUP: 'true',
      DAEMON_SHUTDOWN_GRACE: '10s',
    })
    const v1 = await appNode(p, 1)
    const H = await upgradeThroughGovernance(governorOf(home, v1), { name: 'v2' })
    expect((await p.exited).code).toBe(0)
    expect(cosmovisorMessages(p, MESSAGES)).toEqual([
      'running app',
      'daemon shutting down in an attempt to restart',
      'sent interrupt to app, waiting for exit',
      'app exited normally',
      'pre-upgrade result',
      'pre-upgrade successful. continuing the upgrade.',
      'upgrade detected, DAEMON_RESTART_AFTER_UPGRADE is off. Verify new upgrade and start cosmovisor again.',
    ])
    expect(logsOf(p, 'stopped at the upgrade halt')).toEqual([
      expect.objectContaining({ height: H - 1 }),
    ])
    expect(readlinkSync(join(home.root, 'current'))).toBe(join(home.root, 'upgrades/v2'))
    expect(readdirSync(home.dir).filter((f) => f.startsWith('data-backup-'))).toEqual([])

    const again = startCosmovisor(cleanups, home)
    const v2 = await appNode(again, 1)
    expect(await appliedHeight(v2, 'v2')).toBe(String(H))
    expect(cosmovisorMessages(again, MESSAGES)).toEqual(['running app'])
    await heightsRise(v2, H + 2)
  }, 120_000)

  test('error: sdkd pre-upgrade exits 30 when upgrades/v2 holds a binary without the handler: cosmovisor fails the upgrade (exit 1), current already switched; the right wrapper then upgrades', async () => {
    // The operator's mistake: the upgrade's wrapper selects v1.
    const home = await createCosmovisorHome(cleanups, { v2: 'v1' })
    const p = startCosmovisor(cleanups, home, { UNSAFE_SKIP_BACKUP: 'true' })
    const v1 = await appNode(p, 1)
    const H = await upgradeThroughGovernance(governorOf(home, v1), { name: 'v2' })
    expect((await p.exited).code).toBe(1)
    expect(p.output()).toMatch(
      / ERR error="pre-upgrade command failed : exit status 30" module=cosmovisor$/m,
    )
    // cosmovisor keeps the command's output to itself: the operator runs it by hand to see why.
    const why = await runCommand(join(home.root, 'current/bin/sdkd'), ['pre-upgrade'], {
      env: cosmovisorEnv(home),
    })
    expect([why.code, why.stderr.trim()]).toEqual([
      30,
      'Error: app version v1 has no upgrade handler for "v2" (it handles: none); this is not the binary of that upgrade',
    ])
    expect(cosmovisorMessages(p, MESSAGES)).toEqual([
      'running app',
      'daemon shutting down in an attempt to restart',
    ])
    // As upstream documents: a failed pre-upgrade leaves current on the new binary.
    expect(readlinkSync(join(home.root, 'current'))).toBe(join(home.root, 'upgrades/v2'))

    await writeExecutable(join(home.root, 'upgrades/v2/bin/sdkd'), wrapperScript('v2'))
    const again = startCosmovisor(cleanups, home, { UNSAFE_SKIP_BACKUP: 'true' })
    const v2 = await appNode(again, 1)
    expect(await appliedHeight(v2, 'v2')).toBe(String(H))
  }, 120_000)

  test('error: a COSMOVISOR_CUSTOM_PREUPGRADE script that fails aborts the upgrade before the switch: cosmovisor exits 1 and current stays on genesis', async () => {
    const home = await createCosmovisorHome(cleanups)
    await writeExecutable(join(home.root, 'check.sh'), '#!/bin/sh\necho "not today" >&2\nexit 3\n')
    const p = startCosmovisor(cleanups, home, {
      UNSAFE_SKIP_BACKUP: 'true',
      COSMOVISOR_CUSTOM_PREUPGRADE: 'check.sh',
    })
    const v1 = await appNode(p, 1)
    await upgradeThroughGovernance(governorOf(home, v1), { name: 'v2' })
    expect((await p.exited).code).toBe(1)
    expect(cosmovisorMessages(p, MESSAGES)).toEqual([
      'running app',
      'daemon shutting down in an attempt to restart',
      'looking for COSMOVISOR_CUSTOM_PREUPGRADE file',
    ])
    expect(p.output()).toMatch(/ ERR error="exit status 3" module=cosmovisor$/m)
    expect(p.output()).not.toContain('pre-upgrade result')
    expect(readlinkSync(join(home.root, 'current'))).toBe(join(home.root, 'genesis'))
  }, 120_000)

  test('behavior: sdkd run and cosmovisor carry twin homes through the same upgrade to the same heights, files and applied plan', async () => {
    const a = await createCosmovisorHome(cleanups)
    const b = await tempDir('sdkd-run-twin-')
    cleanups.push(b.cleanup)
    await cp(a.dir, b.dir, { recursive: true })
    const twin: DevnetHome = { ...a, dir: b.dir }
    // Blocks only when the test mines them (after block 1): both chains see the same blocks.
    const startArgs = START_ARGS.map((arg) => (arg === '100ms' ? '1h' : arg))

    const viaCosmovisor = await twinScenario(a, startCosmovisor(cleanups, a, {}, startArgs))
    // sdkd run waits for the app's exit at the halt: no --upgrade-halt wait.
    const runArgs = startArgs.filter((arg) => arg !== '--upgrade-halt' && arg !== 'wait')
    const viaRun = startSdkd(['--home', b.dir, 'run', ...runArgs], {
      env: { ...cosmovisorEnv(a), DAEMON_HOME: '', DAEMON_NAME: '', SDKD_HOME: b.dir },
    })
    cleanups.push(async () => {
      await viaRun.stop('SIGTERM')
    })
    const viaSdkdRun = await twinScenario(twin, viaRun)
    expect(viaSdkdRun).toEqual(viaCosmovisor)
    expect(viaCosmovisor.height).toBe(12)
  }, 120_000)
})

/** The plan info of a downloadable binary for this machine's os/arch (cosmovisor's key). */
function binariesInfo(url: string, sha256: string): string {
  return JSON.stringify({ binaries: { [binaryKey()]: `${url}?checksum=sha256:${sha256}` } })
}

/** cosmovisor's `<os>/<arch>` of this machine (Go's names). */
function binaryKey(): string {
  const arch = ({ x64: 'amd64', arm64: 'arm64', ia32: '386' } as Record<string, string>)[
    process.arch
  ]
  return `${process.platform}/${arch ?? process.arch}`
}

/** Serves one file on 127.0.0.1 (what a release page is to cosmovisor); counts the GETs. */
async function serveBinary(
  c: Cleanups,
  body: string,
): Promise<{ url: string; sha256: string; gets(): number }> {
  let gets = 0
  const server = createServer((req, res) => {
    if (req.method === 'GET') gets++
    if (req.url?.startsWith('/sdkd-v2'))
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body)
    else res.writeHead(404).end()
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  c.push(() => new Promise((r) => server.close(() => r(undefined))))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}/sdkd-v2`,
    sha256: createHash('sha256').update(body).digest('hex'),
    gets: () => gets,
  }
}

const logsOf = (p: SdkdProcess, msg: string) => p.logs().filter((l) => l.msg === msg)

/**
 * One upgrade, as both supervisors see it: the plan passed at height 12 on the first app, v1's halt
 * there, the second app applying it, two more blocks. What a user can compare across the two.
 */
async function twinScenario(home: DevnetHome, p: SdkdProcess) {
  const v1 = await appNode(p, 1)
  const height = await upgradeThroughGovernance(governorOf(home, v1), {
    name: 'v2',
    info: '{}',
    height: 12,
  })
  const v2 = await appNode(p, 2)
  const applied = await appliedHeight(v2, 'v2')
  const g = governorOf(home, v2)
  await g.mineTo(height + 2)
  const backups = readdirSync(home.dir).filter((f) => f.startsWith('data-backup-'))
  const proposal = await g.proposal('1')
  return {
    height,
    applied,
    latest: await heightOf(v2),
    upgradeInfo: readFileSync(join(home.dir, 'data/upgrade-info.json'), 'utf8'),
    backups: backups.map((dir) => [dir, readdirSync(join(home.dir, dir)).sort()]),
    moduleVersions: await g.rest('/sdk/upgrade/v1beta1/module_versions'),
    plan: await getJson(`${v2.api}/sdk/upgrade/v1beta1/current_plan`).then((r) => r.body),
    proposal: { id: proposal.id, status: proposal.status, messages: proposal.messages },
    appVersions: p
      .logs()
      .filter((l) => l.msg === 'node started')
      .map((l) => l.app_version),
  }
}
