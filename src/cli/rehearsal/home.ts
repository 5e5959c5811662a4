import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import type { VersionMap } from '../../app/types.js'
import { protoRegistry } from '../../codec/proto.js'
import { makeDir } from '../../config/make-dir.js'
import { homePaths } from '../../config/paths.js'
import { UpgradeKeeper } from '../../modules/upgrade/keeper.js'
import { planHeight } from '../../modules/upgrade/plan.js'
import { readUpgradeInfo } from '../../modules/upgrade/upgrade-info.js'
import { createLevelBackend } from '../../store/level-backend.js'
import { VersionedStore } from '../../store/versioned-store.js'
import { runInit } from '../init.js'
import type { Binary } from './binaries.js'

/** The home a rehearsal runs in: a copy (or a fresh devnet), never the original. */
export interface RehearsalHome {
  dir: string
  /** Whether it stays after the rehearsal (`--keep`). */
  kept: boolean
  /** Removes the home at the end, unless it is kept. */
  dispose(): Promise<void>
  /** Removes everything the rehearsal created, kept or not (a usage error found late). */
  discard(): Promise<void>
}

/** Creates the directory of the rehearsal home: `--keep DIR` (new or empty), else a temp dir. */
export async function createRehearsalDir(keep: string | undefined): Promise<RehearsalHome> {
  if (keep !== undefined) {
    const existed = existsSync(keep)
    await makeDir(keep)
    return {
      dir: keep,
      kept: true,
      dispose: async () => undefined,
      discard: async () => {
        await rm(keep, { recursive: true, force: true })
        if (existed) await mkdir(keep)
      },
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'sdkd-rehearse-'))
  const remove = () => rm(dir, { recursive: true, force: true })
  return { dir, kept: false, dispose: remove, discard: remove }
}

/**
 * Fills the rehearsal home: a copy of `source` (without the supervisor's `data-backup-*` copies),
 * or a fresh devnet home of `from` (as `sdkd init --devnet`, quietly).
 */
export async function fillRehearsalHome(
  dir: string,
  source: string | undefined,
  from: Binary,
): Promise<void> {
  if (source !== undefined) {
    await cp(source, dir, {
      recursive: true,
      filter: (src) => dirname(src) !== source || !basename(src).startsWith('data-backup-'),
    })
    return
  }
  await runInit({ home: dir, appVersion: from.appVersion }, 'rehearsal', {
    devnet: true,
    quiet: true,
  })
}

/** What the rehearsal home's chain is before anything runs. */
export interface ChainFacts {
  /** The last committed height (0: nothing committed yet). */
  latestHeight: number
  /** The module versions x/upgrade stores (undefined before genesis is committed). */
  versions: VersionMap | undefined
  /** The upgrade plan x/upgrade has scheduled, if any. */
  scheduled?: { name: string; height: number }
  /** The upgrade the chain halted at and waits for (upgrade-info.json of a plan not yet done). */
  halted?: { name: string; height: number }
}

/**
 * Reads the latest height, the stored module versions and the scheduled plan from the home's
 * database, and the upgrade it halted at (its upgrade-info.json, when that plan is not done).
 */
export async function readChainFacts(dir: string): Promise<ChainFacts> {
  const paths = homePaths(dir)
  if (!existsSync(paths.database)) return { latestHeight: 0, versions: undefined }
  const store = await VersionedStore.open({
    backend: await createLevelBackend({ path: paths.database }),
  })
  try {
    if (store.latestHeight < 0) return { latestHeight: 0, versions: undefined }
    const keeper = new UpgradeKeeper({ registry: protoRegistry() })
    const view = store.view()
    const versions = await keeper.versionMap(view)
    const facts: ChainFacts = { latestHeight: store.latestHeight, versions }
    const plan = await keeper.plan(view)
    if (plan) facts.scheduled = { name: plan.name, height: Number(planHeight(plan)) }
    const info = await readUpgradeInfo(paths.upgradeInfo).catch(() => undefined)
    if (info && (await keeper.doneHeight(view, info.name)) === 0n) {
      facts.halted = { name: info.name, height: info.height }
    }
    return facts
  } finally {
    await store.close()
  }
}
