import { CHOSEN_PORTS, isFreePort } from './sdkd.js'

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

/**
 * A `--starting-port` whose every listener, for `nodes` nodes, was free a moment ago on 127.0.0.1,
 * all of them below the ephemeral range (`CHOSEN_PORTS`), so that a node restarting on its ports
 * never finds one taken by another test's connection; random, so that parallel test files rarely
 * pick the same block.
 */
export async function freeTestnetBase(nodes: number): Promise<number> {
  // The lowest listener is node 0's REST API (base − 25339), kept out of the privileged ports; the
  // highest is the last node's Prometheus port (base + 10·(nodes − 1) + 4).
  const first = 1_024 + 25_339
  const last = CHOSEN_PORTS.high - 10 * (nodes - 1) - 4
  const slots = Math.floor((last - first) / 10) + 1
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = first + 10 * Math.floor(Math.random() * slots)
    const ports = Array.from({ length: nodes }, (_, i) =>
      Object.values(testnetPortsAt(base, i)),
    ).flat()
    if ((await Promise.all(ports.map(isFreePort))).every(Boolean)) return base
  }
  throw new Error(`no free block of ports for ${nodes} testnet nodes`)
}
