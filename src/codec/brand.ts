/**
 * The brand: the word every brand-carrying identifier starts with. sdkd's own is `sdk` (proto
 * packages `sdk.*`, REST `/sdk/...`, `x-sdk-block-height`, addresses `sdk1…`); a home created with
 * `--brand cosmos` serves upstream's names instead, so unmodified ecosystem clients work. The code
 * names everything by its canonical `sdk` form; the registry loads the protos renamed, and the few
 * names that are not proto names (header, bech32 prefixes, amino prefix) come from here.
 */
export const BRAND_NAMES = ['sdk', 'cosmos'] as const
export type BrandName = (typeof BRAND_NAMES)[number]

/** The brand sdkd uses unless a home says otherwise. */
export const DEFAULT_BRAND: BrandName = 'sdk'

export interface Brand {
  readonly name: BrandName
  /**
   * A canonical name or text in this brand: type and service names (`sdk.bank.v1beta1.MsgSend`),
   * type URLs, gRPC / ABCI paths, option names (`(sdk.msg.v1.signer)`), proto file paths, REST
   * paths (`/sdk/bank/...`) and whole .proto or compiled-registry texts.
   */
  rename(canonical: string): string
  /** Type URL of a canonical type name or URL: `sdk.bank.v1beta1.MsgSend` → `/cosmos.bank.v1beta1.MsgSend`. */
  typeUrl(canonical: string): string
  /** The height header of queries (request and response, gRPC metadata and REST). */
  readonly heightHeader: string
  /** The grpc-gateway form of the height header on REST responses. */
  readonly metadataHeightHeader: string
  /** Bech32 prefixes (upstream `sdk.Config` Bech32Prefix…). */
  readonly bech32: {
    readonly account: string
    readonly accountPub: string
    readonly validator: string
    readonly validatorPub: string
    readonly consensus: string
    readonly consensusPub: string
  }
  /** First part of the amino type names (`cosmos-sdk/MsgSend`; `sdk/MsgSend` in brand sdk). */
  readonly aminoPrefix: string
}

/**
 * How a canonical text becomes brand cosmos: amino names `sdk/…` → `cosmos-sdk/…` (where an
 * `(amino.name)` option sets them), the brand as the first component of a dotted or slashed name
 * (packages, type names, option names, imports, REST paths; the bare namespace key of a compiled
 * registry), and the one field named after the brand (`VersionInfo.cosmos_sdk_version`).
 */
const COSMOS_RULES: readonly (readonly [RegExp, string])[] = [
  [/(\(amino\.name\)"?\s*[=:]\s*")sdk\//g, '$1cosmos-sdk/'],
  [/(^|[^\w.-])sdk(?=[./"]|$)/g, '$1cosmos'],
  [/\bsdk_version\b/g, 'cosmos_sdk_version'],
]

function createBrand(name: BrandName): Brand {
  const rename =
    name === 'sdk'
      ? (s: string) => s
      : (s: string) => COSMOS_RULES.reduce((text, [re, to]) => text.replace(re, to), s)
  const header = `x-${name}-block-height`
  return {
    name,
    rename,
    typeUrl: (canonical) => rename(canonical.startsWith('/') ? canonical : `/${canonical}`),
    heightHeader: header,
    metadataHeightHeader: `Grpc-Metadata-X-${capitalize(name)}-Block-Height`,
    bech32: {
      account: name,
      accountPub: `${name}pub`,
      validator: `${name}valoper`,
      validatorPub: `${name}valoperpub`,
      consensus: `${name}valcons`,
      consensusPub: `${name}valconspub`,
    },
    aminoPrefix: name === 'sdk' ? 'sdk' : 'cosmos-sdk',
  }
}

const capitalize = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`

const BRANDS: Readonly<Record<BrandName, Brand>> = {
  sdk: createBrand('sdk'),
  cosmos: createBrand('cosmos'),
}

/** The brand of that name. */
export function brandOf(name: BrandName): Brand {
  return BRANDS[name]
}

/** Whether `text` names a brand. */
export function isBrandName(text: string): text is BrandName {
  return (BRAND_NAMES as readonly string[]).includes(text)
}

let current: Brand = BRANDS[DEFAULT_BRAND]

/**
 * The brand of this process: set once from the home before anything is loaded (`useBrand`), read
 * at call time (never at import time) by whatever writes a brand-carrying name.
 */
export function brand(): Brand {
  return current
}

/** Makes `name` the brand of this process (the home decides; in-process tests switch it). */
export function useBrand(name: BrandName): Brand {
  current = BRANDS[name]
  return current
}
