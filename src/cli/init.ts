import { type Command, Option } from 'commander'
import { App } from '../app/app.js'
import { BRAND_NAMES, type BrandName, brand, useBrand } from '../codec/brand.js'
import { protoRegistry } from '../codec/proto.js'
import { type InitResult, initHome, writeGenesis } from '../config/home.js'
import { writeHomeRecord } from '../config/home-record.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import {
  DEVNET_DEFAULT_ACCOUNTS,
  type DevnetAccount,
  devnetAppState,
  devnetStakingState,
  ensureDevnetKeys,
} from './devnet-preset.js'
import { CliError } from './errors.js'
import { positiveIntArg } from './options.js'
import type { GlobalFlags } from './start-flags.js'

/** Default app_state: every module's default genesis section. */
export function defaultAppState(appVersion = DEFAULT_APP_VERSION): Record<string, unknown> {
  const registry = protoRegistry()
  const app = new App(APP_VERSIONS[appVersion]!({ registry }), registry)
  const state: Record<string, unknown> = {}
  for (const m of app.modules.values()) state[m.name] = m.defaultGenesis?.() ?? {}
  return state
}

export interface InitFlags {
  chainId?: string
  overwrite?: boolean
  devnet?: boolean
  /** Devnet accounts to create and fund (default 10). */
  accounts?: number
  /** Keep existing config files (`devnet --reset`). */
  keepConfig?: boolean
  /** Print nothing (a home made for a rehearsal). */
  quiet?: boolean
  /** The home's brand (default: the process's — `sdk`, or the home's own on a re-init). */
  brand?: BrandName
}

/** Creates a home; prints what upstream prints (chain id, moniker, node id) as JSON on stderr. */
export async function runInit(g: GlobalFlags, moniker: string, f: InitFlags): Promise<InitResult> {
  const appVersion = g.appVersion ?? DEFAULT_APP_VERSION
  if (!APP_VERSIONS[appVersion]) {
    throw new CliError(
      `unknown app version "${appVersion}" (built in: ${Object.keys(APP_VERSIONS).join(', ')})`,
    )
  }
  // Genesis, keys' addresses and the record are made in the home's brand.
  const homeBrand = useBrand(f.brand ?? brand().name).name
  let appState = defaultAppState(appVersion)
  let accounts: DevnetAccount[] = []
  if (f.devnet) {
    accounts = await ensureDevnetKeys(g.home, f.accounts ?? DEVNET_DEFAULT_ACCOUNTS)
    appState = devnetAppState(appState, accounts)
  }
  const result = await initHome({
    home: g.home,
    moniker,
    ...(f.chainId !== undefined ? { chainId: f.chainId } : {}),
    overwrite: f.overwrite ?? false,
    devnet: f.devnet ?? false,
    keepConfig: f.keepConfig ?? false,
    appState,
  })
  await writeHomeRecord(g.home, {
    brand: homeBrand,
    createdBy: appVersion,
    ...(f.devnet ? { devnet: true } : {}),
  })
  const operator = accounts.find((a) => a.name === 'validator')
  if (operator) {
    // The validator key exists only now: bond the genesis validator, operated by `validator`.
    const v = result.genesis.consensus.validators[0]!
    result.genesis.app_state = devnetStakingState(result.genesis.app_state, operator, {
      pubKeyBase64: v.pub_key.value,
      power: BigInt(v.power),
      moniker,
    })
    await writeGenesis(g.home, result.genesis)
  }
  if (f.quiet) return result
  process.stderr.write(
    `${JSON.stringify({ moniker: result.moniker, chain_id: result.chainId, node_id: result.nodeId, home: result.home })}\n`,
  )
  if (accounts.length > 0) printDevnetAccounts(accounts)
  return result
}

/** `--brand`: the names the home serves, recorded in `config/sdkd.toml` (sdkd's own by default). */
export function brandOption(): Option {
  return new Option(
    '--brand <name>',
    'names served: sdk (sdk.* types, /sdk/... REST, sdk1… addresses; the default) or cosmos (upstream names, for unmodified clients)',
  ).choices(BRAND_NAMES)
}

/** Shows the devnet accounts with their well-known mnemonics (public: the same on every machine). */
function printDevnetAccounts(accounts: readonly DevnetAccount[]): void {
  const lines = ['', 'Devnet accounts (keyring-backend test), each funded in every genesis denom:']
  for (const a of accounts) {
    lines.push(`- name: ${a.name}`, `  address: ${a.address}`)
    if (a.mnemonic) lines.push(`  mnemonic: "${a.mnemonic}"`)
  }
  lines.push(
    '',
    'Important: these are the well-known devnet keys, the same on every machine: never use them on a real chain.',
    '',
  )
  process.stdout.write(`${lines.join('\n')}\n`)
}

export function registerInit(program: Command, globals: () => GlobalFlags): void {
  program
    .command('init <moniker>')
    .description("initialize the node's home: config files, validator key, genesis")
    .option(
      '--chain-id <id>',
      'chain id of the genesis (default: random test-chain-XXXXXX, or sdk-devnet-1 with --devnet)',
    )
    .option('--overwrite', 'replace an existing genesis.json (keys are kept)')
    .option('--devnet', 'devnet preset: fast blocks, REST API, Swagger and CORS on, full history')
    .option(
      '--accounts <n>',
      'with --devnet: well-known funded accounts (validator, alice, bob, account3 …; default 10)',
      positiveIntArg,
    )
    .addOption(brandOption())
    .action(async (moniker: string, f: InitFlags) => {
      await runInit(globals(), moniker, f)
    })
}
