import {
  DirectSecp256k1HdWallet,
  makeAuthInfoBytes,
  makeSignDoc,
  Registry,
} from '@cosmjs/proto-signing'
import * as grpc from '@grpc/grpc-js'
import { bech32 } from '@scure/base'
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import {
  ListImplementationsRequest,
  ListImplementationsResponse,
} from 'cosmjs-types/cosmos/base/reflection/v1beta1/reflection'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import protobuf from 'protobufjs'
import { expect } from 'vitest'
import { getJson, rpcCall } from './sdkd.js'

/**
 * One suite of checks, run against a node of each brand (in process and as a real `sdkd` process):
 * every brand-carrying name a client sees. The expected values are written out per brand, upstream's
 * from the reference's brand checklist (cosmos/cosmos-sdk v0.50), never computed by sdkd's code.
 */

export interface BrandExpectation {
  name: 'sdk' | 'cosmos'
  /** Proto package root: type URLs `/<pkg>.bank.v1beta1.MsgSend`, gRPC `/<pkg>.bank.v1beta1.Query/…`. */
  pkg: string
  /** REST prefix. */
  rest: string
  header: string
  metadataHeader: string
  /** Account, validator operator and consensus address prefixes. */
  account: string
  valoper: string
  valcons: string
  /** The gov module account, default authority of x/upgrade and x/gov. */
  gov: string
  /** VersionInfo field 8 in node_info's application_version. */
  sdkVersionKey: string
}

export const BRANDS: Record<'sdk' | 'cosmos', BrandExpectation> = {
  sdk: {
    name: 'sdk',
    pkg: 'sdk',
    rest: '/sdk',
    header: 'x-sdk-block-height',
    metadataHeader: 'grpc-metadata-x-sdk-block-height',
    account: 'sdk',
    valoper: 'sdkvaloper',
    valcons: 'sdkvalcons',
    gov: 'sdk10d07y265gmmuvt4z0w9aw880jnsr700j0tlj3x',
    sdkVersionKey: 'sdk_version',
  },
  cosmos: {
    name: 'cosmos',
    pkg: 'cosmos',
    rest: '/cosmos',
    header: 'x-cosmos-block-height',
    metadataHeader: 'grpc-metadata-x-cosmos-block-height',
    account: 'cosmos',
    valoper: 'cosmosvaloper',
    valcons: 'cosmosvalcons',
    gov: 'cosmos10d07y265gmmuvt4z0w9aw880jnsr700j6zn9kn',
    sdkVersionKey: 'cosmos_sdk_version',
  },
}

/** bonded_tokens_pool: SHA-256(name)[0:20] from the reference's module account table. */
const BONDED_POOL_HEX = '4fea76427b8345861e80a3540a8a9d936fd39391'

/** The bech32 text of the reference's bonded pool bytes under a prefix (@scure/base directly). */
function bondedPool(prefix: string): string {
  return bech32.encode(prefix, bech32.toWords(Buffer.from(BONDED_POOL_HEX, 'hex')))
}

/** A node of one brand, its endpoints and a funded devnet key. */
export interface BrandNode {
  x: BrandExpectation
  /** `http://127.0.0.1:<port>` of the REST API. */
  api: string
  rpcPort: number
  /** `127.0.0.1:<port>` of gRPC. */
  grpc: string
  chainId: string
  /** A funded key: its mnemonic (cosmjs derives the address in the brand's prefix). */
  mnemonic: string
}

async function get(node: BrandNode, path: string, headers: Record<string, string> = {}) {
  return getJson(`${node.api}${path}`, { headers })
}

async function funded(node: BrandNode): Promise<string> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(node.mnemonic, {
    prefix: node.x.account,
  })
  return (await wallet.getAccounts())[0]!.address
}

/** A reflection v1 stream with one question; the answer (protobufjs objects). */
export async function reflect(address: string, question: Record<string, unknown>) {
  const root = new protobuf.Root()
  root.loadSync(
    new URL('../../src/proto/grpc/reflection/v1/reflection.proto', import.meta.url).pathname,
    { keepCase: true },
  )
  const Request = root.lookupType('grpc.reflection.v1.ServerReflectionRequest')
  const Response = root.lookupType('grpc.reflection.v1.ServerReflectionResponse')
  const client = new grpc.Client(address, grpc.credentials.createInsecure())
  try {
    return await new Promise<Record<string, any>>((resolve, reject) => {
      const call = client.makeBidiStreamRequest(
        '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo',
        (m: Record<string, unknown>) => Buffer.from(Request.encode(Request.fromObject(m)).finish()),
        (b: Buffer) => Response.toObject(Response.decode(b)) as Record<string, any>,
      )
      call.on('data', (d: Record<string, any>) => {
        resolve(d)
        call.end()
      })
      call.on('error', reject)
      call.write(question)
    })
  } finally {
    client.close()
  }
}

/** Decodes a FileDescriptorProto's name, package and dependencies (fields 1, 2, 3). */
function fileHeader(bytes: Uint8Array): { name: string; pkg: string; deps: string[] } {
  const r = protobuf.Reader.create(bytes)
  const out = { name: '', pkg: '', deps: [] as string[] }
  while (r.pos < r.len) {
    const tag = r.uint32()
    if (tag === 10) out.name = r.string()
    else if (tag === 18) out.pkg = r.string()
    else if (tag === 26) out.deps.push(r.string())
    else r.skipType(tag & 7)
  }
  return out
}

export const BRAND_CHECKS: readonly { name: string; run(node: BrandNode): Promise<void> }[] = [
  {
    name: 'behavior: REST paths carry the brand; the other brand’s path is 404',
    async run(node) {
      const address = await funded(node)
      expect(address.startsWith(`${node.x.account}1`)).toBe(true)
      const ok = await get(node, `${node.x.rest}/bank/v1beta1/balances/${address}`)
      expect(ok.status).toBe(200)
      expect(ok.body.balances.map((c: { denom: string }) => c.denom)).toContain('stake')
      const other = node.x.name === 'sdk' ? '/cosmos' : '/sdk'
      const miss = await get(node, `${other}/bank/v1beta1/balances/${address}`)
      expect(miss.status).toBe(404)
      expect(miss.body).toEqual({ code: 5, message: 'Not Found', details: [] })
    },
  },
  {
    name: 'behavior: the height header in and out (and its grpc-gateway form)',
    async run(node) {
      const address = await funded(node)
      const path = `${node.x.rest}/bank/v1beta1/balances/${address}`
      const at1 = await get(node, path, { [node.x.header]: '1' })
      expect(at1.status).toBe(200)
      expect(at1.headers.get(node.x.header)).toBe('1')
      expect(at1.headers.get(node.x.metadataHeader)).toBe('1')
      const viaMetadata = await get(node, path, { [node.x.metadataHeader]: '1' })
      expect(viaMetadata.headers.get(node.x.header)).toBe('1')
      const bad = await get(node, path, { [node.x.header]: 'x' })
      expect(bad.status).toBe(400)
      expect(bad.body.message).toContain(`invalid height header "${node.x.header}"`)
    },
  },
  {
    name: 'behavior: accounts carry the brand’s type URL and bech32 prefix',
    async run(node) {
      const address = await funded(node)
      const { status, body } = await get(node, `${node.x.rest}/auth/v1beta1/accounts/${address}`)
      expect(status).toBe(200)
      expect(body.account['@type']).toBe(`/${node.x.pkg}.auth.v1beta1.BaseAccount`)
      expect(body.account.address).toBe(address)
    },
  },
  {
    name: 'behavior: module accounts and the gov authority in the brand’s bech32',
    async run(node) {
      const authority = await get(node, `${node.x.rest}/upgrade/v1beta1/authority`)
      expect(authority.body).toEqual({ address: node.x.gov })
      const pool = await get(
        node,
        `${node.x.rest}/bank/v1beta1/balances/${bondedPool(node.x.account)}`,
      )
      expect(pool.status).toBe(200)
      expect(pool.body.balances.length).toBeGreaterThan(0)
      const { body } = await get(node, `${node.x.rest}/staking/v1beta1/validators`)
      expect(body.validators[0].operator_address.startsWith(`${node.x.valoper}1`)).toBe(true)
      expect(body.validators[0].consensus_pubkey['@type']).toBe(
        `/${node.x.pkg}.crypto.ed25519.PubKey`,
      )
      const latest = await get(node, `${node.x.rest}/base/tendermint/v1beta1/blocks/latest`)
      expect(latest.body.sdk_block.header.proposer_address.startsWith(`${node.x.valcons}1`)).toBe(
        true,
      )
    },
  },
  {
    name: 'behavior: node_info names the SDK version with the brand’s field',
    async run(node) {
      const { body } = await get(node, `${node.x.rest}/base/tendermint/v1beta1/node_info`)
      expect(body.application_version[node.x.sdkVersionKey]).toBe('v0.50')
    },
  },
  {
    name: 'behavior: the Swagger document lists the brand’s paths and height header',
    async run(node) {
      const { status, body } = await get(node, '/swagger/swagger.json')
      expect(status).toBe(200)
      const paths = Object.keys(body.paths)
      expect(paths).toContain(`${node.x.rest}/bank/v1beta1/balances/{address}`)
      expect(paths.every((p) => p.startsWith(`${node.x.rest}/`))).toBe(true)
      const op = body.paths[`${node.x.rest}/bank/v1beta1/balances/{address}`].get
      expect(op.tags).toEqual([`${node.x.pkg}.bank.v1beta1.Query`])
      expect(op.parameters.find((p: { in: string }) => p.in === 'header').name).toBe(node.x.header)
      expect(Object.keys(body.definitions)).toContain(`${node.x.pkg}.base.v1beta1.Coin`)
    },
  },
  {
    name: 'behavior: ABCI query paths are the brand’s gRPC method names',
    async run(node) {
      const address = await funded(node)
      const data = Buffer.from(
        QueryAllBalancesRequest.encode(QueryAllBalancesRequest.fromPartial({ address })).finish(),
      ).toString('hex')
      const reply = await rpcCall(node.rpcPort, 'abci_query', {
        path: `/${node.x.pkg}.bank.v1beta1.Query/AllBalances`,
        data,
      })
      expect(reply.result.response.code).toBe(0)
      const answer = QueryAllBalancesResponse.decode(
        Buffer.from(reply.result.response.value, 'base64'),
      )
      expect(answer.balances.map((c) => c.denom)).toContain('stake')
    },
  },
  {
    name: 'behavior: the interface registry answers in the brand’s names over ABCI query, and has no REST route (404, as upstream)',
    async run(node) {
      const request = { interfaceName: `${node.x.pkg}.crypto.PubKey` }
      const { response } = (
        await rpcCall(node.rpcPort, 'abci_query', {
          path: `/${node.x.pkg}.base.reflection.v1beta1.ReflectionService/ListImplementations`,
          data: Buffer.from(ListImplementationsRequest.encode(request).finish()).toString('hex'),
        })
      ).result
      expect(response.code).toBe(0)
      const answer = ListImplementationsResponse.decode(Buffer.from(response.value, 'base64'))
      expect(answer.implementationMessageNames).toContain(`/${node.x.pkg}.crypto.secp256k1.PubKey`)
      const rest = await get(node, `${node.x.rest}/base/reflection/v1beta1/interfaces`)
      expect(rest.status).toBe(404)
      expect(rest.body.message).toBe('Not Found')
    },
  },
  {
    name: 'behavior: gRPC services and height metadata carry the brand; reflection names its files',
    async run(node) {
      const address = await funded(node)
      const client = new grpc.Client(node.grpc, grpc.credentials.createInsecure())
      try {
        const { response, metadata } = await new Promise<{
          response: QueryAllBalancesResponse
          metadata: grpc.Metadata
        }>((resolve, reject) => {
          let metadata = new grpc.Metadata()
          const md = new grpc.Metadata()
          md.set(node.x.header, '1')
          const call = client.makeUnaryRequest(
            `/${node.x.pkg}.bank.v1beta1.Query/AllBalances`,
            (r: QueryAllBalancesRequest) => Buffer.from(QueryAllBalancesRequest.encode(r).finish()),
            (b: Buffer) => QueryAllBalancesResponse.decode(b),
            QueryAllBalancesRequest.fromPartial({ address }),
            md,
            (err, res) => (err ? reject(err) : resolve({ response: res!, metadata })),
          )
          call.on('metadata', (m) => {
            metadata = m
          })
        })
        expect(response.balances.map((c) => c.denom)).toContain('stake')
        expect(metadata.get(node.x.header)).toEqual(['1'])
      } finally {
        client.close()
      }
      const listed = await reflect(node.grpc, { list_services: '' })
      const services = listed.list_services_response.service.map((s: { name: string }) => s.name)
      expect(services).toContain(`${node.x.pkg}.bank.v1beta1.Query`)
      expect(services).toContain(`${node.x.pkg}.upgrade.v1beta1.Query`)
      const file = await reflect(node.grpc, {
        file_containing_symbol: `${node.x.pkg}.upgrade.v1beta1.Query`,
      })
      const [first] = file.file_descriptor_response.file_descriptor_proto as Uint8Array[]
      const header = fileHeader(first!)
      expect(header.name).toBe(`${node.x.pkg}/upgrade/v1beta1/query.proto`)
      expect(header.pkg).toBe(`${node.x.pkg}.upgrade.v1beta1`)
      expect(header.deps).toContain(`${node.x.pkg}/upgrade/v1beta1/upgrade.proto`)
    },
  },
  {
    name: 'behavior: a bank send signed by cosmjs under the brand’s type URLs is included; its events name them',
    async run(node) {
      const { x } = node
      const wallet = await DirectSecp256k1HdWallet.fromMnemonic(node.mnemonic, {
        prefix: x.account,
      })
      const [account] = await wallet.getAccounts()
      const acc = await get(node, `${x.rest}/auth/v1beta1/accounts/${account!.address}`)
      const registry = new Registry([[`/${x.pkg}.bank.v1beta1.MsgSend`, MsgSend]])
      const bodyBytes = registry.encodeTxBody({
        messages: [
          {
            typeUrl: `/${x.pkg}.bank.v1beta1.MsgSend`,
            value: MsgSend.fromPartial({
              fromAddress: account!.address,
              toAddress: x.gov,
              amount: [{ denom: 'stake', amount: '7' }],
            }),
          },
        ],
        memo: `brand ${x.name}`,
      })
      const pubkey = {
        typeUrl: `/${x.pkg}.crypto.secp256k1.PubKey`,
        value: PubKey.encode({ key: account!.pubkey }).finish(),
      }
      const authInfoBytes = makeAuthInfoBytes(
        [{ pubkey, sequence: BigInt(acc.body.account.sequence) }],
        [],
        200_000,
        undefined,
        undefined,
      )
      const signDoc = makeSignDoc(
        bodyBytes,
        authInfoBytes,
        node.chainId,
        Number(acc.body.account.account_number),
      )
      const { signature, signed } = await wallet.signDirect(account!.address, signDoc)
      const txBytes = TxRaw.encode({
        bodyBytes: signed.bodyBytes,
        authInfoBytes: signed.authInfoBytes,
        signatures: [Buffer.from(signature.signature, 'base64')],
      }).finish()
      const sent = await getJson(`${node.api}${x.rest}/tx/v1beta1/txs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          tx_bytes: Buffer.from(txBytes).toString('base64'),
          mode: 'BROADCAST_MODE_SYNC',
        }),
      })
      expect(sent.body.tx_response.code).toBe(0)
      const mined = await rpcCall(node.rpcPort, 'dev_mine', { blocks: 1 })
      expect(mined.result).toBeDefined()
      const { status, body } = await get(
        node,
        `${x.rest}/tx/v1beta1/txs/${sent.body.tx_response.txhash}`,
      )
      expect(status).toBe(200)
      expect(body.tx_response.code).toBe(0)
      expect(body.tx.body.messages[0]['@type']).toBe(`/${x.pkg}.bank.v1beta1.MsgSend`)
      expect(body.tx_response.tx['@type']).toBe(`/${x.pkg}.tx.v1beta1.Tx`)
      expect(body.tx.auth_info.signer_infos[0].public_key['@type']).toBe(
        `/${x.pkg}.crypto.secp256k1.PubKey`,
      )
      const message = body.tx_response.events
        .filter((e: { type: string }) => e.type === 'message')
        .flatMap((e: { attributes: { key: string; value: string }[] }) => e.attributes)
      expect(message).toContainEqual(
        expect.objectContaining({ key: 'action', value: `/${x.pkg}.bank.v1beta1.MsgSend` }),
      )
      expect(message).toContainEqual(expect.objectContaining({ key: 'module', value: 'bank' }))
      const search = await get(
        node,
        `${x.rest}/tx/v1beta1/txs?query=${encodeURIComponent(`message.action='/${x.pkg}.bank.v1beta1.MsgSend'`)}`,
      )
      expect(search.body.tx_responses.map((t: { txhash: string }) => t.txhash)).toContain(
        sent.body.tx_response.txhash,
      )
    },
  },
]
