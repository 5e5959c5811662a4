import type { VersionMap } from '../../app/types.js'
import type { ProtoMessage, ProtoRegistry } from '../../codec/proto.js'
import type { KVReader, KVStore } from '../../store/types.js'
import { MODULE_NAME, upgradeCollections } from './keys.js'

type Readable = { store(name: string): KVReader }
type Writable = { store(name: string): KVStore }

/** x/upgrade keeper: the plan, done heights, module versions and the protocol version. */
export class UpgradeKeeper {
  readonly c: ReturnType<typeof upgradeCollections>

  constructor(registry: ProtoRegistry) {
    this.c = upgradeCollections(registry)
  }

  /** The scheduled plan, if any. */
  async plan(state: Readable): Promise<ProtoMessage | undefined> {
    return this.c.plan.get(state.store(MODULE_NAME))
  }

  /** Height at which the named upgrade was applied (0 if never). */
  async doneHeight(state: Readable, name: string): Promise<bigint> {
    return (await this.c.done.get(state.store(MODULE_NAME), name)) ?? 0n
  }

  /** Module versions in byte order of the module name. */
  async moduleVersions(state: Readable): Promise<{ name: string; version: bigint }[]> {
    const out: { name: string; version: bigint }[] = []
    for await (const [name, version] of this.c.versions.iterate(state.store(MODULE_NAME)))
      out.push({ name, version })
    return out
  }

  async versionMap(state: Readable): Promise<VersionMap> {
    const vm: VersionMap = {}
    for (const { name, version } of await this.moduleVersions(state)) vm[name] = Number(version)
    return vm
  }

  /** Upstream SetModuleVersionMap: writes every entry, never deletes. */
  setVersionMap(state: Writable, vm: VersionMap): void {
    const store = state.store(MODULE_NAME)
    for (const name of Object.keys(vm).sort()) this.c.versions.set(store, name, BigInt(vm[name]!))
  }

  async protocolVersion(state: Readable): Promise<bigint> {
    return (await this.c.protocolVersion.get(state.store(MODULE_NAME))) ?? 0n
  }
}
