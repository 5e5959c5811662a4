import { describe, expect, test } from 'vitest'
import { type GoBase64Result, goBase64Decode } from './go-base64.js'

/** A result as the table below writes it: the bytes in hex, or the error's offset. */
const shown = (r: GoBase64Result): string | number =>
  'bytes' in r ? Buffer.from(r.bytes).toString('hex') : r.offset

describe('goBase64Decode', () => {
  test("behavior: decodes and fails as Go's StdEncoding and URLEncoding DecodeString (newlines skipped, the offset of Go's error)", () => {
    // [input, StdEncoding's result, URLEncoding's result], each as Go 1.26 printed it.
    const table: [string, string | number, string | number][] = [
      ['', '', ''],
      ['AQI=', '0102', '0102'],
      ['AQ\nI=', '0102', '0102'],
      ['AQ\r\nI=', '0102', '0102'],
      ['\nAQI=\n', '0102', '0102'],
      ['AQI', 0, 0],
      ['AQ', 0, 0],
      ['A', 0, 0],
      ['AQI=x', 4, 4],
      ['AQ==', '01', '01'],
      ['AQ=', 3, 3],
      ['AQ=\n=', '01', '01'],
      ['AQ=\n', 4, 4],
      ['A===', 1, 1],
      ['====', 0, 0],
      ['AQI=\n\nx', 6, 6],
      ['-_8=', 0, 'fbff'],
      ['+/8=', 'fbff', 0],
      ['+_8=', 1, 0],
      ['AQIDBA==', '01020304', '01020304'],
      ['AQIDBAU=', '0102030405', '0102030405'],
      ['AQIDBAUG', '010203040506', '010203040506'],
      ['AQIDBAUGBwg=', '0102030405060708', '0102030405060708'],
      ['ab c', 2, 2],
      ['ab\u00e9=', 2, 2],
      ['AQ=I', 2, 2],
      ['AQID\nBAUG\nBwg=', '0102030405060708', '0102030405060708'],
      ['=', 0, 0],
      ['AQ==AQ==', 4, 4],
      ['A\n', 1, 1],
      ['AB\n\n', 2, 2],
      ['QUJD', '414243', '414243'],
      ['QUJDRA', 4, 4],
    ]
    for (const [input, std, url] of table) {
      expect(
        [shown(goBase64Decode(input, 'std')), shown(goBase64Decode(input, 'url'))],
        input,
      ).toEqual([std, url])
    }
  })
})
