import type { ProtoRegistry } from '../codec/proto.js'
import type { App } from './app.js'

/**
 * The app's interface registry as upstream's `InterfaceRegistry` lists it (what its reflection
 * services answer): the interfaces an Any may hold, and the type URLs of each one's implementations.
 * Names are the brand's (`sdk.base.v1beta1.Msg` / `cosmos.base.v1beta1.Msg`).
 */
export interface InterfaceRegistry {
  /** Every registered interface, sorted. */
  readonly names: readonly string[]
  /** The type URLs of an interface's implementations, sorted; none for an unknown interface. */
  implementations(name: string): readonly string[]
}

/** What registering one part of the app adds (upstream's `RegisterInterfaces`), canonical names. */
interface Registrations {
  /** Interfaces named, with the types implementing them. */
  readonly interfaces?: Readonly<Record<string, readonly string[]>>
  /** More implementations of interfaces other parts name (listed only where one names them). */
  readonly implementations?: Readonly<Record<string, readonly string[]>>
}

const PUB_KEYS = [
  'sdk.crypto.ed25519.PubKey',
  'sdk.crypto.secp256k1.PubKey',
  'sdk.crypto.multisig.LegacyAminoPubKey',
]

const VESTING_ACCOUNTS = [
  'sdk.vesting.v1beta1.ContinuousVestingAccount',
  'sdk.vesting.v1beta1.DelayedVestingAccount',
  'sdk.vesting.v1beta1.PeriodicVestingAccount',
  'sdk.vesting.v1beta1.PermanentLockedAccount',
]

/**
 * What every app registers (upstream's std and tx codecs), besides its Msgs and their responses:
 * the tx, the keys (the private keys sdkd has a type of: secp256k1's), no tx extension option.
 */
const BASE: Registrations = {
  interfaces: {
    'sdk.tx.v1beta1.Tx': ['sdk.tx.v1beta1.Tx'],
    'sdk.tx.v1beta1.TxExtensionOptionI': [],
    'sdk.crypto.PubKey': PUB_KEYS,
    'sdk.crypto.PrivKey': ['sdk.crypto.secp256k1.PrivKey'],
  },
}

/**
 * What each module registers besides its Msgs, for the types sdkd defines. x/auth carries
 * x/auth/vesting (their accounts live in one store), and names the public key interface a second
 * time, as `sdk.auth.v1.ModuleCredential`, as upstream's does. x/gov names the legacy Content that
 * x/upgrade implements.
 */
const MODULES: Readonly<Record<string, Registrations>> = {
  auth: {
    interfaces: {
      'sdk.auth.v1beta1.AccountI': [
        'sdk.auth.v1beta1.BaseAccount',
        'sdk.auth.v1beta1.ModuleAccount',
        'sdk.vesting.v1beta1.BaseVestingAccount',
        ...VESTING_ACCOUNTS,
      ],
      'sdk.auth.v1beta1.GenesisAccount': [
        'sdk.auth.v1beta1.BaseAccount',
        'sdk.auth.v1beta1.ModuleAccount',
        'sdk.vesting.v1beta1.BaseVestingAccount',
        ...VESTING_ACCOUNTS,
      ],
      'sdk.auth.v1.ModuleCredential': PUB_KEYS,
      'sdk.vesting.v1beta1.VestingAccount': VESTING_ACCOUNTS,
    },
  },
  evidence: {
    interfaces: { 'sdk.evidence.v1beta1.Evidence': ['sdk.evidence.v1beta1.Equivocation'] },
  },
  gov: { interfaces: { 'sdk.gov.v1beta1.Content': ['sdk.gov.v1beta1.TextProposal'] } },
  upgrade: {
    implementations: {
      'sdk.gov.v1beta1.Content': [
        'sdk.upgrade.v1beta1.SoftwareUpgradeProposal',
        'sdk.upgrade.v1beta1.CancelSoftwareUpgradeProposal',
      ],
    },
  },
}

/** The interface every Msg implements, canonical. */
export const MSG_INTERFACE = 'sdk.base.v1beta1.Msg'
/** The interface every Msg response implements, canonical. */
const MSG_RESPONSE_INTERFACE = 'sdk.tx.v1beta1.MsgResponse'

const registries = new WeakMap<App, InterfaceRegistry>()

/**
 * The interface registry of an app (built once): the base registrations, those of its modules, and
 * its Msgs (every type URL its msg router routes) with their responses, as upstream registers each
 * Msg service's requests and responses.
 */
export function interfaceRegistryOf(app: App): InterfaceRegistry {
  let r = registries.get(app)
  if (!r) {
    r = buildInterfaceRegistry(app.registry, [...app.modules.keys()], [...app.msgHandlers.keys()])
    registries.set(app, r)
  }
  return r
}

/** The registry of these modules and Msgs (type URLs as the brand writes them). */
function buildInterfaceRegistry(
  registry: ProtoRegistry,
  modules: readonly string[],
  msgTypeUrls: readonly string[],
): InterfaceRegistry {
  const msgs = registry.msgIndex().byTypeUrl
  // Names and type URLs in the brand's form from here on.
  const byName = new Map<string, Set<string>>([
    [registry.name(MSG_INTERFACE), new Set(msgTypeUrls)],
    [
      registry.name(MSG_RESPONSE_INTERFACE),
      new Set(msgTypeUrls.map((url) => `/${msgs.get(url)!.responseType.fullName.slice(1)}`)),
    ],
  ])
  const parts = [BASE, ...modules.flatMap((m) => MODULES[m] ?? [])]
  for (const { interfaces = {} } of parts) {
    for (const [name, types] of Object.entries(interfaces)) {
      const set = byName.get(registry.name(name)) ?? new Set<string>()
      for (const t of types) set.add(registry.typeUrl(t))
      byName.set(registry.name(name), set)
    }
  }
  for (const { implementations = {} } of parts) {
    for (const [name, types] of Object.entries(implementations)) {
      const set = byName.get(registry.name(name))
      for (const t of types) set?.add(registry.typeUrl(t))
    }
  }
  const sorted = new Map([...byName].map(([name, set]) => [name, [...set].sort()]))
  const none: readonly string[] = []
  return {
    names: [...sorted.keys()].sort(),
    implementations: (name) => sorted.get(name) ?? none,
  }
}
