import { uvarint } from '../../codec/bytes.js'
import type { Proto, ProtoInit, ProtoType } from '../../codec/proto.js'
import { protoRegistry } from '../../codec/proto.js'
import { UserError } from '../../errors.js'

/**
 * CometBFT's socket framing (v0.37 and later): each message is a protobuf `tendermint.abci.Request`
 * or `Response` preceded by its length as an unsigned varint (`binary.PutUvarint`). Tendermint up to
 * v0.34 wrote a zig-zag (signed) varint, so a frame of 2 bytes began with 04; this one begins with 02.
 */

/** CometBFT's reader limit (`maxMsgSize = math.MaxInt32`): a longer frame is refused. */
export const MAX_FRAME_BYTES = 2 ** 31 - 1

/** A varint of a 64-bit value takes at most 10 bytes (`binary.MaxVarintLen64`). */
const MAX_VARINT_BYTES = 10

/** A length prefix that no CometBFT peer can have sent: the stream cannot be resynchronised. */
export class AbciFrameError extends UserError {
  override readonly name: string = 'AbciFrameError'
}

/**
 * Cuts a byte stream into frames, however the transport split it: a frame over many chunks, many
 * frames in one chunk, a length prefix split between two chunks. A frame's payload is returned
 * without copying when it lies within one chunk, and is assembled into one buffer of its announced
 * size otherwise (no repeated concatenation of a large FinalizeBlock arriving in small reads).
 */
export class FrameReader {
  /** The length prefix read so far (`prefixBytes` bytes of it). */
  private length = 0
  private prefixBytes = 0
  /** The frame being assembled once its length is known, and how much of it has arrived. */
  private body: Uint8Array | null = null
  private filled = 0

  /** True when a frame has started and not finished (the stream ended inside a frame). */
  get partial(): boolean {
    return this.prefixBytes > 0 || this.body !== null
  }

  /** The whole frames (payloads, without their prefix) that `chunk` completes, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = []
    let pos = 0
    while (pos < chunk.length) {
      if (this.body) {
        const take = Math.min(this.body.length - this.filled, chunk.length - pos)
        this.body.set(chunk.subarray(pos, pos + take), this.filled)
        this.filled += take
        pos += take
        if (this.filled === this.body.length) {
          frames.push(this.body)
          this.body = null
        }
        continue
      }
      const b = chunk[pos++]!
      this.readPrefixByte(b)
      if (b & 0x80) continue
      const length = this.length
      this.length = 0
      this.prefixBytes = 0
      if (chunk.length - pos >= length) {
        frames.push(chunk.subarray(pos, pos + length))
        pos += length
      } else {
        this.body = new Uint8Array(length)
        this.filled = 0
      }
    }
    return frames
  }

  /** Adds one byte of a length prefix, refusing a prefix Go's `ReadUvarint` or reader would. */
  private readPrefixByte(b: number): void {
    const index = this.prefixBytes
    if (index === MAX_VARINT_BYTES - 1 && b > 1) {
      throw new AbciFrameError(
        'malformed ABCI frame: its length prefix overflows a 64-bit varint (is the peer speaking a pre-v0.37 ABCI?)',
      )
    }
    // A Number holds the exact value up to 2^53, well past the limit checked below.
    this.length += (b & 0x7f) * 2 ** (7 * index)
    this.prefixBytes = index + 1
    if (this.length > MAX_FRAME_BYTES) {
      throw new AbciFrameError(
        `malformed ABCI frame: message exceeds max size (${this.length} > ${MAX_FRAME_BYTES})`,
      )
    }
  }
}

/** `payload` with its length prefix: one frame on the wire. */
export function encodeFrame(payload: Uint8Array): Uint8Array {
  const prefix = uvarint(payload.length)
  const frame = new Uint8Array(prefix.length + payload.length)
  frame.set(prefix)
  frame.set(payload, prefix.length)
  return frame
}

let requestType: ProtoType<'tendermint.abci.Request'> | undefined
let responseType: ProtoType<'tendermint.abci.Response'> | undefined

const requests = () => {
  requestType ??= protoRegistry().type('tendermint.abci.Request')
  return requestType
}
const responses = () => {
  responseType ??= protoRegistry().type('tendermint.abci.Response')
  return responseType
}

/** A frame's payload as a `Request` (its `value` names the method, or is undefined). */
export function decodeRequest(payload: Uint8Array): Proto<'tendermint.abci.Request'> {
  return requests().decode(payload) as unknown as Proto<'tendermint.abci.Request'>
}

/** A frame's payload as a `Response`. */
export function decodeResponse(payload: Uint8Array): Proto<'tendermint.abci.Response'> {
  return responses().decode(payload) as unknown as Proto<'tendermint.abci.Response'>
}

/**
 * The frame of a `Response`. The set member of the oneof is written even when it is an empty
 * message (`Response{commit}` is `02 62 00`): a response without it is `Response{}`, which CometBFT
 * takes as no answer and stops on.
 */
export function encodeResponseFrame(response: ProtoInit<'tendermint.abci.Response'>): Uint8Array {
  const t = responses()
  return t.encodeDelimited(t.fromObject(response)).finish()
}

/** The frame of a `Request` (what CometBFT's client writes; for tests and tools). */
export function encodeRequestFrame(request: ProtoInit<'tendermint.abci.Request'>): Uint8Array {
  const t = requests()
  return t.encodeDelimited(t.fromObject(request)).finish()
}
