import type { Proto, ProtoInit } from '../codec/proto.js'

/** A request of CometBFT's ABCI++ (v0.38) as the socket decodes it. */
type Req<N extends AbciMethodName> = Proto<`tendermint.abci.Request${N}`>
/** A response of CometBFT's ABCI++ (v0.38) as the app returns it. */
export type AbciResponse<N extends AbciMethodName> = ProtoInit<`tendermint.abci.Response${N}`>

/** The methods an app answers (their Request/Response message names without the prefix). */
export type AbciMethodName =
  | 'Info'
  | 'InitChain'
  | 'Query'
  | 'CheckTx'
  | 'PrepareProposal'
  | 'ProcessProposal'
  | 'ExtendVote'
  | 'VerifyVoteExtension'
  | 'FinalizeBlock'
  | 'Commit'
  | 'ListSnapshots'
  | 'OfferSnapshot'
  | 'LoadSnapshotChunk'
  | 'ApplySnapshotChunk'

/**
 * The server's lock, held while a request is handled: CometBFT's own socket server answers one
 * request at a time across its four connections, and the app relies on it. A handler that must wait
 * without answering (FinalizeBlock parked at an upgrade halt) releases it, so queries and CheckTx
 * go on meanwhile.
 */
export interface AbciLock {
  release(): void
}

/**
 * The application as CometBFT v0.38 drives it over ABCI++: one method per request (the socket
 * server answers Echo and Flush itself). A method that throws makes the server answer with a
 * ResponseException and close that connection, which stops CometBFT: throw only for an
 * unrecoverable fault; expected failures are codes in the response.
 */
export interface AbciApplication {
  info(req: Req<'Info'>): Promise<AbciResponse<'Info'>>
  initChain(req: Req<'InitChain'>): Promise<AbciResponse<'InitChain'>>
  query(req: Req<'Query'>): Promise<AbciResponse<'Query'>>
  checkTx(req: Req<'CheckTx'>): Promise<AbciResponse<'CheckTx'>>
  prepareProposal(req: Req<'PrepareProposal'>): Promise<AbciResponse<'PrepareProposal'>>
  processProposal(req: Req<'ProcessProposal'>): Promise<AbciResponse<'ProcessProposal'>>
  extendVote(req: Req<'ExtendVote'>): Promise<AbciResponse<'ExtendVote'>>
  verifyVoteExtension(req: Req<'VerifyVoteExtension'>): Promise<AbciResponse<'VerifyVoteExtension'>>
  finalizeBlock(req: Req<'FinalizeBlock'>, lock: AbciLock): Promise<AbciResponse<'FinalizeBlock'>>
  commit(req: Req<'Commit'>): Promise<AbciResponse<'Commit'>>
  listSnapshots(req: Req<'ListSnapshots'>): Promise<AbciResponse<'ListSnapshots'>>
  offerSnapshot(req: Req<'OfferSnapshot'>): Promise<AbciResponse<'OfferSnapshot'>>
  loadSnapshotChunk(req: Req<'LoadSnapshotChunk'>): Promise<AbciResponse<'LoadSnapshotChunk'>>
  applySnapshotChunk(req: Req<'ApplySnapshotChunk'>): Promise<AbciResponse<'ApplySnapshotChunk'>>
}

/** `ResponseProcessProposal.status` and `ResponseVerifyVoteExtension.status`. */
export const ACCEPT = 1
export const REJECT = 2
/** `RequestCheckTx.type`. */
export const CHECK_TX_NEW = 0
export const CHECK_TX_RECHECK = 1
