import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Cleanups } from './cleanup.js'
import { isFreePort } from './sdkd.js'

/** The listeners of node i for `sdkd testnet init-files --starting-port <base>` (docs/commands.md). */
export function testnetPortsAt(base: number, i: number) {
  const o = base - 26656 + 10 * i
  return {
    p2p: 26656 + o,
    rpc: 26657 + o,
    abci: 26658 + o,
    prometheus: 26660 + o,
    api: 1317 + o,
    grpc: 9090 + o,
  }
}

// The lowest listener is node 0's REST API (base − 25339), kept out of the privileged ports; the
// highest is the last node's Prometheus port (base + 10·(nodes − 1) + 4). Every base is
// FIRST_BASE + 10·slot, and a block of n nodes covers the slots slot … slot + n − 1.
// So the REST APIs lie in 1024–7424, the gRPC ports in 8797–15197 and CometBFT's in 26363–32767,
// around `freePort`'s range (`CHOSEN_PORTS`) and below the ephemeral one.
const FIRST_BASE = 1_024 + 25_339
const EPHEMERAL_LOW = 32_768

/**
 * The blocks test files have taken, one file per slot naming its owner's pid, shared by every
 * worker process: a node that stops and starts again on its ports (a switched binary) leaves them
 * free in between, and another file's probe must not take them then.
 */
const RESERVED = join(tmpdir(), 'sdkd-test-testnet-ports')

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes a slot for this process, unless a live process holds it. */
function takeSlot(slot: number): boolean {
  const file = join(RESERVED, String(slot))
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return true
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = Number(readFileSync(file, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && alive(owner)) return false
      rmSync(file, { force: true })
    }
  }
  return false
}

/**
 * A `--starting-port` whose every listener, for `nodes` nodes, was free a moment ago on 127.0.0.1,
 * all of them below the ephemeral range and none in `freePort`'s range (`CHOSEN_PORTS`), so that a
 * node restarting on its ports never finds one taken by another test's connection or chosen port;
 * random, and reserved until the file's cleanups run, so that parallel test files never share one.
 */
export async function freeTestnetBase(nodes: number, cleanups: Cleanups): Promise<number> {
  mkdirSync(RESERVED, { recursive: true })
  const lastBase = EPHEMERAL_LOW - 1 - 4 - 10 * (nodes - 1)
  const slots = Math.floor((lastBase - FIRST_BASE) / 10) + 1
  for (let attempt = 0; attempt < 50; attempt++) {
    const slot = Math.floor(Math.random() * slots)
    const taken: number[] = []
    for (let i = 0; i < nodes && takeSlot(slot + i); i++) taken.push(slot + i)
    const release = () => {
      for (const s of taken) rmSync(join(RESERVED, String(s)), { force: true })
    }
    const base = FIRST_BASE + 10 * slot
    const ports = Array.from({ length: nodes }, (_, i) =>
      Object.values(testnetPortsAt(base, i)),
    ).flat()
    if (taken.length === nodes && (await Promise.all(ports.map(isFreePort))).every(Boolean)) {
      cleanups.push(release)
      return base
    }
    release()
  }
  throw new Error(`no free block of ports for ${nodes} testnet nodes`)
}
