import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from './atomic-file.js'
import { PRIV_VALIDATOR_STATE_INITIAL } from './home.js'
import { readHomeRecord, writeHomeRecord } from './home-record.js'
import { makeDir } from './make-dir.js'
import { homePaths } from './paths.js'

/** What a reset removed and rewrote. */
export interface ResetResult {
  dataDir: string
  privValidatorState: string
  addrBookRemoved: boolean
}

/**
 * Upstream `comet unsafe-reset-all`: deletes the whole `data/` directory (every height, the tx index,
 * `upgrade-info.json`) and recreates it with mode 0700, resets `priv_validator_state.json` to height 0,
 * and deletes `config/addrbook.json` unless kept. Config files, keys and genesis stay. The caller
 * makes sure no node holds the database.
 */
export async function resetChainData(
  home: string,
  { keepAddrBook = false }: { keepAddrBook?: boolean } = {},
): Promise<ResetResult> {
  const p = homePaths(home)
  await rm(p.dataDir, { recursive: true, force: true })
  await makeDir(p.dataDir, 0o700)
  await writeFileAtomic(p.privValidatorState, PRIV_VALIDATOR_STATE_INITIAL, 0o600)
  const addrBook = join(p.configDir, 'addrbook.json')
  const addrBookRemoved = !keepAddrBook && existsSync(addrBook)
  if (addrBookRemoved) await rm(addrBook, { force: true })
  // The chain starts over: no app version has run it yet.
  const record = await readHomeRecord(home)
  if (record.lastRunBy !== undefined || record.upgradePlugins !== undefined) {
    const { lastRunBy: _, upgradePlugins: __, ...rest } = record
    await writeHomeRecord(home, rest)
  }
  return { dataDir: p.dataDir, privValidatorState: p.privValidatorState, addrBookRemoved }
}

/**
 * CometBFT's databases in `data/`, in the order upstream's `comet reset-state` removes them, with
 * the message it logs for each.
 */
const COMET_DATA: readonly (readonly [name: string, removed: string])[] = [
  ['blockstore.db', 'Removed all blockstore.db'],
  ['state.db', 'Removed all state.db'],
  ['cs.wal', 'Removed all cs.wal'],
  ['evidence.db', 'Removed all evidence.db'],
  ['tx_index.db', 'Removed tx_index.db'],
]

/**
 * Upstream `comet reset-state`: deletes CometBFT's block store, state, WAL, evidence and tx index
 * from `data/` (those present), then makes sure `data/` exists (mode 0700). The app's database,
 * the signing state, config, keys and genesis stay. Returns what it removed, in order, with the
 * message for each. The caller makes sure no node holds the database.
 */
export async function resetCometState(home: string): Promise<{ path: string; message: string }[]> {
  const p = homePaths(home)
  const removed: { path: string; message: string }[] = []
  for (const [name, message] of COMET_DATA) {
    const path = join(p.dataDir, name)
    if (!existsSync(path)) continue
    await rm(path, { recursive: true, force: true })
    removed.push({ path, message })
  }
  await makeDir(p.dataDir, 0o700)
  return removed
}
