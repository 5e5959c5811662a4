import { describe, expect, test } from 'vitest'
import { int64Of } from '../../codec/int64.js'
import {
  AbciFrameError,
  decodeRequest,
  decodeResponse,
  encodeFrame,
  encodeRequestFrame,
  encodeResponseFrame,
  FrameReader,
  MAX_FRAME_BYTES,
} from './frames.js'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const bytes = (h: string) => new Uint8Array(Buffer.from(h.replace(/\s/g, ''), 'hex'))
const ascii = (s: string) => Buffer.from(s, 'latin1').toString('hex')

/** The first frame CometBFT 0.38.25 writes on its query connection: `Request{info}`. */
const INFO_0_38_25 = bytes(`16 1a 14 0a 07 ${ascii('0.38.25')} 10 0b 18 08 22 05 ${ascii('2.0.0')}`)

describe('ABCI frames: golden bytes', () => {
  test('behavior: responses encode as CometBFT v0.38 reads them (unsigned varint length, empty oneof members written)', () => {
    expect(hex(encodeResponseFrame({ flush: {} }))).toBe('021a00')
    expect(hex(encodeResponseFrame({ commit: {} }))).toBe('026200')
    expect(hex(encodeResponseFrame({ process_proposal: { status: 1 } }))).toBe('059201020801')
  })

  test('behavior: requests encode and decode as CometBFT writes them', () => {
    expect(hex(encodeRequestFrame({ flush: {} }))).toBe('021200')
    expect(hex(encodeRequestFrame({ commit: {} }))).toBe('025a00')
    const reader = new FrameReader()
    const frames = reader.push(INFO_0_38_25)
    expect(frames).toHaveLength(1)
    const req = decodeRequest(frames[0]!)
    expect(req.value).toBe('info')
    expect(req.info).toMatchObject({ version: '0.38.25', p2p_version: expect.anything() })
    expect(int64Of(req.info!.block_version)).toBe(11n)
    expect(int64Of(req.info!.p2p_version)).toBe(8n)
    expect(req.info!.abci_version).toBe('2.0.0')
    expect(
      hex(
        encodeRequestFrame({
          info: { version: '0.38.25', block_version: 11, p2p_version: 8, abci_version: '2.0.0' },
        }),
      ),
    ).toBe(hex(INFO_0_38_25))
  })

  test('behavior: lengths of 128 and more take a multi-byte varint, never the zig-zag form', () => {
    expect(hex(encodeFrame(new Uint8Array(2)))).toBe('020000')
    expect(hex(encodeFrame(new Uint8Array(127)).subarray(0, 1))).toBe('7f')
    expect(hex(encodeFrame(new Uint8Array(128)).subarray(0, 2))).toBe('8001')
    expect(hex(encodeFrame(new Uint8Array(300)).subarray(0, 2))).toBe('ac02')
    const echo = encodeResponseFrame({ echo: { message: 'x'.repeat(200) } })
    const [frame] = new FrameReader().push(echo)
    expect(decodeResponse(frame!).echo?.message).toBe('x'.repeat(200))
  })
})

describe('ABCI frames: reading a stream', () => {
  const three = [
    bytes('02 12 00'),
    INFO_0_38_25,
    encodeRequestFrame({ check_tx: { tx: new Uint8Array(150).fill(7), type: 1 } }),
  ]
  const stream = Buffer.concat(three)
  const expected = three.map((f) => hex(new FrameReader().push(f)[0]!))

  test('behavior: three frames come out whole and in order at every split point of the stream', () => {
    for (let i = 0; i <= stream.length; i++) {
      const reader = new FrameReader()
      const got = [...reader.push(stream.subarray(0, i)), ...reader.push(stream.subarray(i))]
      expect(got.map(hex), `split at ${i}`).toEqual(expected)
      expect(reader.partial).toBe(false)
    }
  })

  test('behavior: every pair of split points, and one byte at a time', () => {
    for (let i = 0; i <= stream.length; i++) {
      for (let j = i; j <= stream.length; j++) {
        const reader = new FrameReader()
        const got = [
          ...reader.push(stream.subarray(0, i)),
          ...reader.push(stream.subarray(i, j)),
          ...reader.push(stream.subarray(j)),
        ]
        expect(got.map(hex), `split at ${i}, ${j}`).toEqual(expected)
      }
    }
    const reader = new FrameReader()
    const got: Uint8Array[] = []
    for (const b of stream) got.push(...reader.push(Uint8Array.of(b)))
    expect(got.map(hex)).toEqual(expected)
  })

  test('behavior: a length prefix split across chunks, and a frame of zero length', () => {
    const big = encodeFrame(new Uint8Array(300).fill(9))
    const reader = new FrameReader()
    expect(reader.push(big.subarray(0, 1))).toEqual([])
    expect(reader.partial).toBe(true)
    const [frame] = reader.push(big.subarray(1))
    expect(frame).toEqual(new Uint8Array(300).fill(9))
    expect(new FrameReader().push(bytes('00 02 12 00')).map(hex)).toEqual(['', '1200'])
  })

  test('error: a length prefix past 64 bits or over the 2 GiB limit is refused with why', () => {
    expect(() => new FrameReader().push(bytes('80 80 80 80 80 80 80 80 80 02'))).toThrow(
      new AbciFrameError(
        'malformed ABCI frame: its length prefix overflows a 64-bit varint (is the peer speaking a pre-v0.37 ABCI?)',
      ),
    )
    expect(() => new FrameReader().push(bytes('80 80 80 80 08'))).toThrow(
      `malformed ABCI frame: message exceeds max size (2147483648 > ${MAX_FRAME_BYTES})`,
    )
    // Split: the error comes with the byte that makes the prefix impossible.
    const reader = new FrameReader()
    expect(reader.push(bytes('80 80 80'))).toEqual([])
    expect(() => reader.push(bytes('80 08'))).toThrow(AbciFrameError)
  })
})
