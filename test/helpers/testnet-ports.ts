import { createServer } from 'node:net'

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

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

/**
 * A `--starting-port` whose every listener, for `nodes` nodes, was free a moment ago on 127.0.0.1
 * (random, so that parallel test files rarely pick the same block).
 */
export async function freeTestnetBase(nodes: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 30_000 + 10 * Math.floor(Math.random() * 2_500)
    const ports = Array.from({ length: nodes }, (_, i) =>
      Object.values(testnetPortsAt(base, i)),
    ).flat()
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base
  }
  throw new Error(`no free block of ports for ${nodes} testnet nodes`)
}
