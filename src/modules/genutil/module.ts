import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import type { AppModule, BlockContext, ModuleHost, ValidatorUpdate } from '../../app/types.js'
import { addressToBech32, bech32ToAddress } from '../../codec/address.js'
import { equalBytes } from '../../codec/bytes.js'
import type { AnyMessage, ProtoRegistry } from '../../codec/proto.js'
import { SIGN_MODE_DIRECT, signBytes } from '../../codec/sign-doc.js'
import {
  ErrInvalidPubKey,
  ErrNoSignatures,
  ErrUnauthorized,
  ErrUnknownAddress,
  ErrUnknownRequest,
  ErrWrongSequence,
} from '../../errors.js'
import { valoperPrefix } from '../staking/keys.js'
import type { GenutilAuthKeeper, GenutilStakingKeeper } from './expected-keepers.js'
import {
  CREATE_VALIDATOR,
  defaultGenutilGenesis,
  type GenTx,
  GenTxError,
  parseGenutilGenesis,
} from './genesis.js'

export const MODULE_NAME = 'genutil'

export interface GenutilModuleOptions {
  registry: ProtoRegistry
  auth: GenutilAuthKeeper
  staking: GenutilStakingKeeper
}

/**
 * x/genutil: at InitChain each gentx of `app_state.genutil.gen_txs` is delivered as upstream's
 * DeliverGenTxs does — the ante checks a genesis tx meets (one signer, its account, public key,
 * sequence and direct-mode signature with account number 0), then its MsgCreateValidator through
 * the app's msg router — and the validator set is x/staking's ApplyAndReturnValidatorSetUpdates.
 * A genesis without gentxs leaves the set to x/staking's own genesis. The module has no store.
 */
export function createGenutilModule({ registry, auth, staking }: GenutilModuleOptions): AppModule {
  let host: ModuleHost | undefined
  return {
    name: MODULE_NAME,
    consensusVersion: 1,
    defaultGenesis: defaultGenutilGenesis,
    // Upstream ExportGenesis gives the default section: the gentxs were delivered at InitChain.
    exportGenesis: async () => defaultGenutilGenesis(),
    validateGenesis(genesis) {
      parseGenutilGenesis(registry, genesis)
    },
    attach(h) {
      host = h
    },
    async initGenesis(ctx: BlockContext, genesis): Promise<readonly ValidatorUpdate[] | undefined> {
      const genTxs = parseGenutilGenesis(registry, genesis)
      if (genTxs.length === 0) return undefined
      for (const genTx of genTxs) {
        try {
          await deliverGenTx(ctx, genTx)
        } catch (err) {
          throw new GenTxError(
            `failed to execute DeliverTx for '${JSON.stringify(genTx.json)}': ${(err as Error).message}`,
          )
        }
      }
      return staking.applyAndReturnValidatorSetUpdates(ctx)
    },
  }

  async function deliverGenTx(ctx: BlockContext, { tx, any, msg }: GenTx): Promise<void> {
    const operator = bech32ToAddress(String(msg.validator_address ?? ''), valoperPrefix())
    const infos = tx.auth_info?.signer_infos ?? []
    const sigs = tx.signatures ?? []
    if (sigs.length === 0) throw ErrNoSignatures.wrap('no signatures supplied')
    if (infos.length !== 1 || sigs.length !== 1) {
      throw ErrUnauthorized.wrap(
        `invalid number of signer;  expected: 1, got ${Math.max(infos.length, sigs.length)}`,
      )
    }
    const account = await auth.getAccount(ctx.state, operator)
    if (!account)
      throw ErrUnknownAddress.wrap(`account ${addressToBech32(operator)} does not exist`)
    const info = infos[0]!
    const pk = info.public_key as AnyMessage | undefined
    if (!pk || pk.type_url !== registry.typeUrl('/sdk.crypto.secp256k1.PubKey'))
      throw ErrInvalidPubKey.wrap('gentx signer must use a secp256k1 public key')
    const pubKey = registry.decode('sdk.crypto.secp256k1.PubKey', pk.value).key
    if (!equalBytes(ripemd160(sha256(pubKey)), operator)) {
      throw ErrInvalidPubKey.wrap(
        `pubKey does not match signer address ${addressToBech32(operator)} with signer index: 0`,
      )
    }
    if (account.pubKey && !equalBytes(account.pubKey.value, pk.value))
      throw ErrInvalidPubKey.wrap('account public key differs from the signer info')
    if ((info.mode_info?.single?.mode ?? -1) !== SIGN_MODE_DIRECT)
      throw ErrUnauthorized.wrap('gentx must be signed in SIGN_MODE_DIRECT')
    const sequence = BigInt(String(info.sequence ?? '0'))
    if (sequence !== account.sequence) {
      throw ErrWrongSequence.wrap(
        `account sequence mismatch, expected ${account.sequence}, got ${sequence}`,
      )
    }
    // At genesis every signature is checked with account number 0 (upstream's SigVerification).
    const bytes = signBytes(registry, {
      bodyBytes: registry.encode('sdk.tx.v1beta1.TxBody', tx.body ?? {}),
      authInfoBytes: registry.encode('sdk.tx.v1beta1.AuthInfo', tx.auth_info ?? {}),
      chainId: ctx.chainId,
      accountNumber: 0n,
    })
    if (!verifySignature(pubKey, bytes, sigs[0]!)) {
      throw ErrUnauthorized.wrap(
        `signature verification failed; please verify account number (0), sequence (${account.sequence}) and chain-id (${ctx.chainId})`,
      )
    }
    await auth.setAccount(ctx.state, { ...account, pubKey: pk, sequence: account.sequence + 1n })
    const handler = host?.msgHandler(registry.brand.rename(`/${CREATE_VALIDATOR}`))
    if (!handler) throw ErrUnknownRequest.wrap(`unrecognized message type: /${CREATE_VALIDATOR}`)
    await handler(registry.decode(registry.typeOfUrl(any.type_url)!, any.value), ctx)
  }
}

/** A 64-byte low-S secp256k1 signature over sha256(message), as SIGN_MODE_DIRECT signs. */
function verifySignature(pubKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false
  try {
    return secp256k1.verify(signature, sha256(message), pubKey, { prehash: false, lowS: true })
  } catch {
    return false
  }
}
