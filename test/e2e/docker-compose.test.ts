import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { parse } from 'smol-toml'
import { beforeAll, describe, expect, it } from 'vitest'
import { cleanupAfterAll } from '../helpers/cleanup.js'
import { runSdkd } from '../helpers/sdkd.js'
import { tempDir } from '../helpers/temp-dir.js'
import { parseYamlSubset, type YamlValue } from '../helpers/yaml-subset.js'

/**
 * docs/docker-compose.cometbft.yml, the four validators under CometBFT that the README links to.
 * `docker compose` is not something a test can count on, so this checks what can be checked without
 * it: the file reads as YAML, the `sdkd testnet init-files` command its header gives writes the
 * homes its four services mount and start, the RPC each service's health check asks is the one
 * that node's config.toml has CometBFT listen on, and no two nodes listen on one port once the
 * image's own listen-address variables (its Dockerfile's ENV) apply. Running it is described in
 * docs/docker.md.
 */

const cleanups = cleanupAfterAll()
const COMPOSE_FILE = join(import.meta.dirname, '../../docs/docker-compose.cometbft.yml')
const NODES = ['node0', 'node1', 'node2', 'node3']

type Service = { [key: string]: YamlValue }
let services: Record<string, Service> = {}
let project = ''

const portOf = (address: string) => Number(/:(\d+)$/.exec(address)![1])

/** The variables the image's `ENV` sets (Dockerfile), which every container starts with. */
async function imageEnv(): Promise<Record<string, string>> {
  const dockerfile = await readFile(join(import.meta.dirname, '../../Dockerfile'), 'utf8')
  const env: Record<string, string> = {}
  for (const m of dockerfile.replace(/\\\n/g, ' ').matchAll(/^ENV (.*)$/gm))
    for (const [, key, value] of m[1]!.matchAll(/([A-Z_]+)=(\S*)/g)) env[key!] = value!
  return env
}

beforeAll(async () => {
  const text = await readFile(COMPOSE_FILE, 'utf8')
  const doc = parseYamlSubset(text) as { services: Record<string, Service> }
  services = doc.services
  // The header's command, run as written from the project directory (./net is the only path).
  const command = /^# +sdkd (testnet init-files .*)$/m.exec(text)
  expect(command, 'the header names the sdkd testnet init-files command').not.toBeNull()
  const t = await tempDir('sdkd-compose-')
  cleanups.push(t.cleanup)
  project = t.dir
  const args = command![1]!.split(/ +/).map((a) => (a === './net' ? join(project, 'net') : a))
  const r = await runSdkd(args)
  expect(r.code, r.stderr).toBe(0)
})

describe('docs/docker-compose.cometbft.yml', () => {
  it('behavior: names four services, node0 to node3, each on the sdkd image under CometBFT', () => {
    expect(Object.keys(services).sort()).toEqual(NODES)
    for (const name of NODES) {
      const s = services[name]!
      expect(s.image, name).toBe('sdkd')
      const command = s.command as string[]
      expect(command[0], name).toBe('start')
      expect(command.slice(1).join(' '), name).toMatch(/(^| )--consensus cometbft( |$)/)
    }
  })

  it('behavior: each service mounts the home init-files wrote for its node and starts that home', async () => {
    for (const [i, name] of NODES.entries()) {
      const s = services[name]!
      const volumes = s.volumes as string[]
      expect(volumes, name).toHaveLength(1)
      const [source, target, ...rest] = volumes[0]!.split(':')
      expect(rest, name).toEqual([])
      const command = s.command as string[]
      const home = command[command.indexOf('--home') + 1]
      expect(home, `${name}: --home is the mounted directory`).toBe(target)
      const hostHome = resolve(project, source!)
      expect(existsSync(join(hostHome, 'config/genesis.json')), `${hostHome} is a home`).toBe(true)
      const config = parse(await readFile(join(hostHome, 'config/config.toml'), 'utf8')) as any
      expect(config.moniker, `${name} mounts node ${i}'s home`).toBe(`node${i}`)
    }
  })

  it("behavior: each node's health check asks the RPC its config.toml gives CometBFT, and no two nodes share a port on the host network", async () => {
    const image = await imageEnv()
    expect(image.SDKD_API_ADDRESS, 'the image sets the listen addresses').toBeDefined()
    const used: number[] = []
    for (const name of NODES) {
      const s = services[name]!
      expect(s.network_mode, name).toBe('host')
      const source = (s.volumes as string[])[0]!.split(':')[0]!
      const home = resolve(project, source)
      const config = parse(await readFile(join(home, 'config/config.toml'), 'utf8')) as any
      const app = parse(await readFile(join(home, 'config/app.toml'), 'utf8')) as any
      const env = s.environment as Record<string, string>
      expect(env.SDKD_RPC_LADDR, name).toBe(config.rpc.laddr)
      // Peers dial each other on loopback (127.0.0.0/8), which the shared host network gives them.
      for (const peer of String(config.p2p.persistent_peers).split(','))
        expect(peer, `${name}'s peer`).toMatch(/^[0-9a-f]{40}@127(\.\d{1,3}){3}:\d+$/)
      // Where the node listens: the service's variable, else the image's, else the home's file (an
      // empty variable counts as unset, so "" gives the file's address back).
      const listen = (variable: string, fromFile: string) =>
        env[variable] !== undefined ? env[variable] || fromFile : image[variable] || fromFile
      used.push(
        portOf(listen('SDKD_RPC_LADDR', config.rpc.laddr)),
        portOf(config.p2p.laddr),
        portOf(config.proxy_app),
        portOf(
          listen(
            'SDKD_INSTRUMENTATION_PROMETHEUS_LISTEN_ADDR',
            config.instrumentation.prometheus_listen_addr,
          ),
        ),
        portOf(listen('SDKD_API_ADDRESS', app.api.address)),
        portOf(listen('SDKD_GRPC_ADDRESS', app.grpc.address)),
      )
    }
    const shared = used.filter((port, i) => used.indexOf(port) !== i)
    expect(shared, 'ports two nodes would listen on').toEqual([])
  })
})
