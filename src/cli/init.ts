import { type Command, Option } from 'commander'
import { App } from '../app/app.js'
import { BRAND_NAMES, type BrandName, brand, useBrand } from '../codec/brand.js'
import { protoRegistry } from '../codec/proto.js'
import { type InitResult, initHome, writeGenesis } from '../config/home.js'
import { writeHomeRecord } from '../config/home-record.js'
import { makeDir } from '../config/make-dir.js'
import { APP_VERSIONS, DEFAULT_APP_VERSION } from '../versions/index.js'
import {
  DEVNET_DEFAULT_ACCOUNTS,
  type DevnetAccount,
  devnetAppState,
  devnetStakingState,
  ensureDevnetKeys,
  ensureKeys,
} from './devnet-preset.js'
import {
  DEVNET_MAX_VALIDATORS,
  devnetOperatorMnemonic,
  devnetOperatorName,
  devnetValidatorKeyFile,
  devnetValidatorMoniker,
  devnetValidatorPowers,
  genesisValidatorJson,
  powersArg,
  validatorsArg,
  writeDevnetValidatorKeys,
} from './devnet-validators.js'
import { CliError } from './errors.js'
import { refuseStartedChain } from './genesis-accounts.js'
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
  /** Devnet validators to bond in genesis (default 1: the node's own key). */
  validators?: number
  /** Their consensus powers, one per validator (default 10 each). */
  powers?: bigint[]
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
  // A new genesis for a chain that has blocks would not match them: its next start is refused.
  if (f.overwrite) {
    refuseStartedChain(
      g.home,
      '--overwrite would give it a genesis that does not match its data (reset it first: sdkd comet unsafe-reset-all)',
    )
  }
  // Genesis, keys' addresses and the record are made in the home's brand.
  const homeBrand = useBrand(f.brand ?? brand().name).name
  let appState = defaultAppState(appVersion)
  let accounts: DevnetAccount[] = []
  let operators: DevnetAccount[] = []
  if (!f.devnet && (f.validators !== undefined || f.powers !== undefined))
    throw new CliError('--validators and --powers apply only with --devnet')
  const powers = devnetValidatorPowers(f.validators ?? 1, f.powers)
  // The home first, so a place where no directory can be made (a read-only disk, /proc) is named
  // before any key is written.
  await makeDir(g.home).catch((err: unknown) => {
    throw new CliError(
      `cannot create the home ${g.home}: ${(err as Error).message}; choose another --home`,
    )
  })
  if (f.devnet) {
    accounts = await ensureDevnetKeys(g.home, f.accounts ?? DEVNET_DEFAULT_ACCOUNTS)
    // Validator 0 is operated by the devnet account `validator`; the others by their own accounts.
    operators = await ensureKeys(
      g.home,
      powers.slice(1).map((_, j) => ({
        name: devnetOperatorName(j + 1),
        mnemonic: devnetOperatorMnemonic(j + 1),
      })),
    )
    appState = devnetAppState(appState, [...accounts, ...operators])
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
    // The node's validator key exists only now: validator 0 is it, the others have fixed keys.
    const own = result.genesis.consensus.validators[0]!
    const extra = await writeDevnetValidatorKeys(g.home, powers.length)
    result.genesis.consensus.validators = [
      { ...own, power: powers[0]!.toString() },
      ...extra.map((k, j) =>
        genesisValidatorJson(k.pubKey, powers[j + 1]!, devnetValidatorMoniker(j + 1, moniker)),
      ),
    ]
    result.genesis.app_state = devnetStakingState(
      result.genesis.app_state,
      result.genesis.consensus.validators.map((v, i) => ({
        operator: i === 0 ? operator : operators[i - 1]!,
        pubKeyBase64: v.pub_key.value,
        power: BigInt(v.power),
        moniker: v.name,
      })),
      result.genesis.genesis_time,
    )
    await writeGenesis(g.home, result.genesis)
  }
  if (f.quiet) return result
  process.stderr.write(
    `${JSON.stringify({ moniker: result.moniker, chain_id: result.chainId, node_id: result.nodeId, home: result.home })}\n`,
  )
  if (accounts.length > 0) printDevnetAccounts([...accounts, ...operators])
  if (result.genesis.consensus.validators.length > 1) printDevnetValidators(result)
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

/** Shows the devnet's validators (when there are several): power, operator and consensus address. */
function printDevnetValidators(result: InitResult): void {
  const lines = ['Devnet validators (bonded in genesis, keys in config/):']
  for (const [i, v] of result.genesis.consensus.validators.entries()) {
    const file =
      i === 0 ? 'priv_validator_key.json' : `priv_validator_keys/${devnetValidatorKeyFile(i)}`
    lines.push(
      `- ${v.name}: power ${v.power}, operator ${devnetOperatorName(i)}, consensus address ${v.address}, key config/${file}`,
    )
  }
  process.stdout.write(`${lines.join('\n')}\n\n`)
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
    .option(
      '--validators <n>',
      `with --devnet: validators bonded in genesis (1-${DEVNET_MAX_VALIDATORS}, default 1; fixed keys)`,
      validatorsArg,
    )
    .option(
      '--powers <list>',
      'with --devnet: consensus power of each validator, comma-separated (default 10 each)',
      powersArg,
    )
    .addOption(brandOption())
    .action(async (moniker: string, f: InitFlags) => {
      await runInit(globals(), moniker, f)
    })
}
